import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog } from './helpers/fake-ytdlp.ts';
import { filesBelow, startAssetServer, waitFor } from './helpers/acquisition.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const ADMIN = { username: 'admin', password: 'crash-test-password' };

interface Server {
  child: ChildProcess;
  url: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A killed server (DESIGN §6): the real server process is killed with SIGKILL in the middle of a
 * download, together with its yt-dlp (a power cut takes both). After a restart the item is still queued,
 * nothing partial is in the media tree, and the next run downloads it.
 */
describe('a server killed during a download', () => {
  let dataDir: string;
  let log: string;
  let assets: Awaited<ReturnType<typeof startAssetServer>>;
  let server: Server | undefined;
  let token = '';

  const env = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    TK_DATA_DIR: dataDir,
    TK_PORT: String(port),
    TK_LISTEN: '127.0.0.1',
    TK_ADMIN_USERNAME: ADMIN.username,
    TK_ADMIN_PASSWORD: ADMIN.password,
    TK_LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    TK_MEDIA_DIR: '',
    TK_CACHE_DIR: '',
    TK_HOST: '',
    YTDLP_PATH: FAKE_YTDLP_PATH,
    FAKE_YTDLP_LOG: log,
    FAKE_YTDLP_DELAY_MS: '600',
    FAKE_YTDLP_ASSET_URL: assets.url,
  });

  const start = async (): Promise<Server> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: REPO,
      env: env(port),
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${url}/api/health/`).catch(() => undefined))?.ok,
      30_000,
      'the server',
    );
    return { child, url };
  };
  const api = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${server!.url}${url}`, {
      method,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      ...(body && { body: JSON.stringify(body) }),
    });
    return response.status === 204 ? undefined : response.json();
  };
  const pending = async () =>
    (
      (await api('GET', '/api/download/?filter=pending')) as {
        data: { youtube_id: string; message: string | null }[];
      }
    ).data;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-crash-'));
    log = path.join(dataDir, 'fake-yt-dlp.log');
    assets = await startAssetServer();
    server = await start();
    const login = await fetch(`${server.url}/api/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, remember_me: 'off' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const tokenAnswer = await fetch(`${server.url}/api/appsettings/token/`, { headers: { cookie } });
    token = ((await tokenAnswer.json()) as { token: string }).token;
    await api('POST', '/api/appsettings/config/', { downloads: { sleep_interval: 0 } });
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await assets.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the item queued, leaves nothing partial in the media tree, and downloads it on the next run', async () => {
    const media = path.join(dataDir, 'media');
    await api('POST', '/api/download/', { data: [{ youtube_id: FAKE.video, status: 'pending' }] });
    await waitFor(async () => (await pending()).length === 1, 15_000, 'the queued item');

    const { task_id: taskId } = (await api('POST', '/api/task/by-name/download_pending/', {})) as {
      task_id: string;
    };
    await waitFor(
      async () =>
        ((await api('GET', '/api/notification/')) as { id: string; messages: string[] }[]).some(
          (n) => n.id === taskId && / of .* at /.test(n.messages[1] ?? ''),
        ),
      15_000,
      'download progress',
    );
    // the power goes: the server and the yt-dlp it started die at once
    server!.child.kill('SIGKILL');
    const download = readFakeLog(log).find((run) => run.argv?.includes('--newline'));
    try {
      process.kill(-download!.pid, 'SIGKILL');
    } catch {
      // it had already ended
    }
    await new Promise((resolve) => server!.child.once('exit', resolve));
    expect(filesBelow(path.join(dataDir, 'cache', 'download')).length).toBeGreaterThan(0);

    server = await start();
    const [item, ...others] = await pending();
    expect([item?.youtube_id, item?.message ?? null, others]).toEqual([FAKE.video, null, []]);
    expect(filesBelow(media)).toEqual([]);
    expect(filesBelow(path.join(dataDir, 'cache', 'download'))).toEqual([]);
    expect(await api('GET', `/api/task/by-id/${taskId}/`)).toMatchObject({ status: 'FAILURE' });

    const again = (await api('POST', '/api/task/by-name/download_pending/', {})) as { task_id: string };
    const done = await waitFor(
      async () => {
        const task = (await api('GET', `/api/task/by-id/${again.task_id}/`)) as {
          status: string;
          result: string;
        };
        return task.status === 'SUCCESS' || task.status === 'FAILURE' ? task : undefined;
      },
      30_000,
      'the second run',
    );
    expect(done).toMatchObject({ status: 'SUCCESS', result: 'downloaded 1 video(s).' });
    expect(filesBelow(media)).toEqual([`${FAKE.alpha.id}/${FAKE.video}.mp4`]);
    expect(await pending()).toEqual([]);
  }, 90_000);
});
