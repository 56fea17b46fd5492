import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YtdlpRepository } from '../src/repositories/ytdlp.repository.ts';
import { FAKE, FAKE_YTDLP_PATH, isAlive, readFakeLog, ytdlpSettings } from './helpers/fake-ytdlp.ts';

let dir: string;
let cacheDir: string;

function fakeRepository(logFile: string, env: Record<string, string> = {}) {
  return new YtdlpRepository({
    executable: FAKE_YTDLP_PATH,
    cacheDir,
    env: {
      FAKE_YTDLP_LOG: logFile,
      FAKE_YTDLP_MEDIA_DIR: path.join(dir, 'media'),
      FAKE_YTDLP_DELAY_MS: '5',
      ...env,
    },
  });
}

async function waitUntil(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

const COOKIE = '.youtube.com\tTRUE\t/\tTRUE\t0\tSOCS\tCAI';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-ytdlp-proc-'));
  cacheDir = path.join(dir, 'cache');
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('yt-dlp child process: stop', () => {
  it('a stop kills yt-dlp and the processes it started, and leaves no finished file', async () => {
    const logFile = path.join(dir, 'abort.log');
    const repo = fakeRepository(logFile, { FAKE_YTDLP_DELAY_MS: '400', FAKE_YTDLP_HELPER: '1' });
    const controller = new AbortController();
    const settings = ytdlpSettings({ cookie_import: true }, { cookie: COOKIE });
    // timed from the stop, not from the start: spawning yt-dlp on a loaded machine is not what a user waits for
    let stoppedAt = 0;
    const download = repo.download({ id: 'alphaVid002' }, settings, {
      signal: controller.signal,
      onProgress: () => {
        stoppedAt ||= Date.now();
        controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ kind: 'aborted' });
    expect(stoppedAt).toBeGreaterThan(0);
    expect(Date.now() - stoppedAt).toBeLessThan(2000);

    const [run] = readFakeLog(logFile);
    expect(run!.helper).toBeGreaterThan(0);
    expect(await waitUntil(() => !isAlive(run!.pid) && !isAlive(run!.helper!))).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, 'download', 'alphaVid002.mp4'))).toBe(false);
    expect(fs.existsSync(run!.cookie!.file)).toBe(false);
  });

  it('a server that exits ends the yt-dlp it started, so nothing keeps writing to the staging folder', async () => {
    const logFile = path.join(dir, 'exit.log');
    const script = path.join(dir, 'exit-during-download.ts');
    const runner = path.resolve(import.meta.dirname, '../src/repositories/ytdlp-process.ts');
    fs.writeFileSync(
      script,
      `import { runYtdlp } from ${JSON.stringify(runner)};
      void runYtdlp(process.argv[2]!, ['-o', process.argv[3]!, 'https://www.youtube.com/watch?v=alphaVid003'], {
        onStdoutLine: (line) => { if (line.includes('%')) process.exit(0); },
      });`,
    );
    const env = {
      ...process.env,
      FAKE_YTDLP_LOG: logFile,
      FAKE_YTDLP_DELAY_MS: '400',
      FAKE_YTDLP_HELPER: '1',
    };
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', script, FAKE_YTDLP_PATH, path.join(dir, 'x.mp4')],
      {
        env,
        stdio: 'ignore',
      },
    );
    expect(await new Promise((resolve) => server.on('exit', resolve))).toBe(0);
    const [run] = readFakeLog(logFile);
    expect(run!.helper).toBeGreaterThan(0);
    expect(await waitUntil(() => !isAlive(run!.pid) && !isAlive(run!.helper!))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'x.mp4'))).toBe(false);
  });

  it('a signal that already fired starts nothing', async () => {
    const logFile = path.join(dir, 'pre-abort.log');
    const controller = new AbortController();
    controller.abort();
    await expect(
      fakeRepository(logFile).fetchVideoInfo(FAKE.video, ytdlpSettings(), controller.signal),
    ).rejects.toMatchObject({ kind: 'aborted' });
    expect(readFakeLog(logFile)).toHaveLength(0);
  });

  it('pause() sleeps upstream rand_sleep and ends early on a stop', async () => {
    const repo = fakeRepository(path.join(dir, 'pause.log'));
    expect(await repo.pause(ytdlpSettings({ sleep_interval: null }))).toBe(0);
    const controller = new AbortController();
    const started = Date.now();
    const pause = repo.pause(ytdlpSettings({ sleep_interval: 60 }), controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pause).rejects.toMatchObject({ kind: 'aborted' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('yt-dlp child process: cookie file', () => {
  it('hands the cookie to yt-dlp in a 0600 file with the Netscape header, removed after the call', async () => {
    const logFile = path.join(dir, 'cookie.log');
    const info = await fakeRepository(logFile).fetchVideoInfo(
      FAKE.video,
      ytdlpSettings({ cookie_import: true }, { cookie: `${COOKIE}\0` }),
    );
    expect(info.id).toBe(FAKE.video);
    const [run] = readFakeLog(logFile);
    expect(run!.cookie).toMatchObject({ mode: '600', lines: 1 });
    expect(run!.argv).toEqual(expect.arrayContaining(['--cookies', run!.cookie!.file]));
    expect(path.dirname(run!.cookie!.file).startsWith(os.tmpdir())).toBe(true);
    expect(fs.existsSync(path.dirname(run!.cookie!.file))).toBe(false);
  });

  it('removes the cookie file when the call fails', async () => {
    const logFile = path.join(dir, 'cookie-fail.log');
    const settings = ytdlpSettings({ cookie_import: true }, { cookie: COOKIE });
    await expect(fakeRepository(logFile).download({ id: FAKE.failing }, settings)).rejects.toMatchObject({
      kind: 'item',
    });
    const [run] = readFakeLog(logFile);
    expect(run!.cookie!.mode).toBe('600');
    expect(fs.existsSync(run!.cookie!.file)).toBe(false);
  });

  it('hands back the jar yt-dlp saved when the provider changed it, and only then', async () => {
    const changed: string[] = [];
    const settings = ytdlpSettings(
      { cookie_import: true },
      { cookie: COOKIE, onCookieChange: (jar) => void changed.push(jar) },
    );
    await fakeRepository(path.join(dir, 'jar-same.log')).fetchVideoInfo(FAKE.video, settings);
    expect(changed).toEqual([]);
    const newCookie = '.youtube.com\tTRUE\t/\tTRUE\t1999999999\tVISITOR_INFO1_LIVE\tabc123';
    const repo = fakeRepository(path.join(dir, 'jar-new.log'), { FAKE_YTDLP_SET_COOKIE: newCookie });
    await repo.fetchVideoInfo(FAKE.video, settings);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('VISITOR_INFO1_LIVE\tabc123');
    expect(changed[0]).toContain('SOCS\tCAI');
  });

  it('passes no cookie while cookie_import is off', async () => {
    const logFile = path.join(dir, 'no-cookie.log');
    await fakeRepository(logFile).fetchVideoInfo(
      FAKE.video,
      ytdlpSettings({ cookie_import: false }, { cookie: COOKIE }),
    );
    expect(readFakeLog(logFile)[0]!.argv).not.toContain('--cookies');
  });
});
