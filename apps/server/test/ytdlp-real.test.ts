import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YtdlpRepository, type DownloadProgress } from '../src/repositories/ytdlp.repository.ts';
import { ytdlpSettings } from './helpers/fake-ytdlp.ts';

/**
 * The REAL yt-dlp (DESIGN §7) against a local HTTP server: `--load-info-json` with formats, subtitles
 * and a thumbnail on 127.0.0.1, through our download() path with every option the config can turn on.
 * It keeps the argument builder (a flag yt-dlp does not know fails the run) and the progress parser honest.
 */
const YTDLP = process.env.TK_TEST_YTDLP_PATH ?? 'yt-dlp';
const ID = 'tkRealTest1';

let dir: string;
let server: http.Server;
let base: string;
const served: string[] = [];

function requireTool(command: string, args: string[], apt: string): void {
  const result = spawnSync(command, args);
  if (result.status !== 0) throw new Error(`${command} is missing: install it (apt-get install ${apt})`);
}

function ffmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { cwd: dir });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

beforeAll(async () => {
  requireTool(YTDLP, ['--version'], 'yt-dlp');
  requireTool('ffmpeg', ['-version'], 'ffmpeg');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-ytdlp-real-'));
  const www = path.join(dir, 'www');
  fs.mkdirSync(www);
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...[
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ],
    'www/clip.mp4',
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x180', '-frames:v', '1', 'www/thumb.jpg']);
  const cue = { tStartMs: 0, dDurationMs: 1500, segs: [{ utf8: 'hello from the real yt-dlp test' }] };
  fs.writeFileSync(path.join(www, 'sub.json3'), JSON.stringify({ events: [cue] }));
  fs.writeFileSync(
    path.join(www, 'feed.xml'),
    '<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title><link>http://127.0.0.1/</link>' +
      '<item><title>A</title><enclosure url="http://127.0.0.1/clip.mp4" type="video/mp4" length="1"/></item>' +
      '</channel></rss>',
  );

  server = http.createServer((request, response) => {
    served.push(request.url ?? '');
    const file = path.join(www, path.basename(request.url ?? ''));
    if (!fs.existsSync(file)) return void response.writeHead(404).end();
    const type = file.endsWith('.mp4')
      ? 'video/mp4'
      : file.endsWith('.xml')
        ? 'application/rss+xml'
        : 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type, 'Content-Length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const info = {
    id: ID,
    title: 'Real yt-dlp test clip',
    extractor: 'youtube',
    extractor_key: 'Youtube',
    webpage_url: `https://www.youtube.com/watch?v=${ID}`,
    ext: 'mp4',
    duration: 2,
    thumbnail: `${base}/thumb.jpg`,
    thumbnails: [{ id: '0', url: `${base}/thumb.jpg` }],
    subtitles: { en: [{ ext: 'json3', url: `${base}/sub.json3`, name: 'English' }] },
    automatic_captions: {},
    formats: [
      {
        format_id: '18',
        url: `${base}/clip.mp4`,
        ext: 'mp4',
        protocol: 'http',
        vcodec: 'avc1.42001E',
        acodec: 'mp4a.40.2',
        width: 160,
        height: 90,
        filesize: fs.statSync(path.join(www, 'clip.mp4')).size,
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'info.json'), JSON.stringify(info));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the real yt-dlp through our argument builder', () => {
  it('downloads into <cache>/download/<id>.mp4 with every config option on, reporting parsed progress', async () => {
    const cacheDir = path.join(dir, 'cache');
    const repo = new YtdlpRepository({ executable: YTDLP, cacheDir });
    const settings = ytdlpSettings(
      {
        format: '18/best',
        format_sort: 'res,ext',
        limit_speed: 24,
        throttledratelimit: 1,
        subtitle: 'en',
        subtitle_source: 'auto',
        add_metadata: true,
        add_thumbnail: true,
        cookie_import: true,
        potoken: true,
        pot_provider_url: 'http://127.0.0.1:4416',
        extractor_lang: 'en',
      },
      {
        cookie: '.youtube.com\tTRUE\t/\tTRUE\t0\tSOCS\tCAI',
        poToken: 'web+local-token',
        overwrites: { download_format: null },
      },
    );
    const events: DownloadProgress[] = [];
    const result = await repo.download(
      { id: ID, title: 'Real clip', infoJsonPath: path.join(dir, 'info.json') },
      settings,
      { onProgress: (event) => events.push(event) },
    );

    expect(result.mediaPath).toBe(path.join(cacheDir, 'download', `${ID}.mp4`));
    const probe = spawnSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      result.mediaPath,
    ]);
    expect(Number(probe.stdout.toString())).toBeGreaterThan(1.5);
    expect(result.subtitles).toEqual([
      { lang: 'en', ext: 'json3', path: path.join(cacheDir, 'download', `${ID}.en.json3`) },
    ]);
    expect(served).toEqual(expect.arrayContaining(['/clip.mp4', '/sub.json3', '/thumb.jpg']));
    // the run's info JSON is the video's metadata (no second extraction), read and taken out of the folder
    expect(result.info).toMatchObject({ id: ID, title: 'Real yt-dlp test clip', duration: 2 });
    expect(fs.existsSync(path.join(cacheDir, 'download', `${ID}.info.json`))).toBe(false);

    const percents = events.map((e) => e.progress).filter((p) => p !== undefined);
    expect(percents.length).toBeGreaterThanOrEqual(2);
    expect(percents.some((p) => p > 0 && p < 1)).toBe(true);
    expect(percents.at(-1)).toBe(1);
    expect(events.every((e) => e.messages[0] === 'Real clip')).toBe(true);
    expect(events.find((e) => e.progress !== undefined && e.progress < 1)!.messages[1]).toMatch(
      /^\d+\.\d% of \d+\.\d\dKiB at .+\/s - time left: \S+$/,
    );
  });

  it('accepts our metadata options: one JSON line per URL, null for a failed one, flat listings', async () => {
    const repo = new YtdlpRepository({ executable: YTDLP, cacheDir: path.join(dir, 'cache') });
    const settings = ytdlpSettings(
      { extractor_lang: 'en', comment_max: 'all,10', potoken: true },
      { poToken: 'web+t' },
    );
    const [clip, missing] = await repo.runJson(
      [`${base}/clip.mp4`, `${base}/missing.mp4`],
      'video',
      settings,
    );
    expect(clip).toMatchObject({ ok: true, value: { original_url: `${base}/clip.mp4`, ext: 'mp4' } });
    expect(missing).toMatchObject({
      ok: false,
      error: { kind: 'item', message: expect.stringContaining('404') },
    });

    const [feed] = await repo.runJson([`${base}/feed.xml`], 'channel', settings, { items: '0' });
    expect(feed).toMatchObject({ ok: true, value: { _type: 'playlist', entries: [] } });
    const [tab] = await repo.runJson([`${base}/feed.xml`], 'tab', settings, { items: ':1:1' });
    expect(tab).toMatchObject({ ok: true, value: { entries: [expect.objectContaining({ title: 'A' })] } });
    const [comments] = await repo.runJson([`${base}/clip.mp4`], 'comments', settings);
    expect(comments!.ok).toBe(true);
  });

  it('starts in well under a second per invocation (why metadata calls are batched)', () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = process.hrtime.bigint();
      const run = spawnSync(YTDLP, [
        '--ignore-config',
        '-J',
        '--load-info-json',
        path.join(dir, 'info.json'),
      ]);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      expect(run.status).toBe(0);
    }
    const median = times.sort((a, b) => a - b)[1]!;
    console.info(`yt-dlp start-up (simulate from --load-info-json), median of 3: ${Math.round(median)} ms`);
    expect(median).toBeLessThan(3000);
  });
});
