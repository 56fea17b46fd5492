import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { filesBelow, queueFakeVideo, startAssetServer, waitFor } from './helpers/acquisition.ts';

/** Two shorts of the fake catalogue: 12 s and 14 s long by the provider's info. */
const CUT_SHORT = 'alphaSht001';
const TOO_SHORT = 'alphaSht002';

let dir: string;
let assets: Awaited<ReturnType<typeof startAssetServer>>;

/** A real mp4 with its index at the front (as yt-dlp's merger and most encoders write it). */
function faststartMp4(file: string, seconds: number): void {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=160x90:rate=15:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-movflags', '+faststart', file],
  ]);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-verify-'));
  assets = await startAssetServer();
  // cut short: the index (moov, at the front) is whole, 40 % of the media data is missing, so ffprobe
  // reads the full 12 s
  const whole = path.join(dir, 'whole.mp4');
  faststartMp4(whole, 12);
  const cut = path.join(dir, 'cut.mp4');
  const bytes = fs.readFileSync(whole);
  fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  const probed = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    cut,
  ]);
  expect(Number(probed.toString())).toBeCloseTo(12, 0);
  // complete, but 5 s where the provider says 14 s
  const short = path.join(dir, 'short.mp4');
  faststartMp4(short, 5);
  const media = path.join(dir, 'media-files.json');
  fs.writeFileSync(media, JSON.stringify({ [CUT_SHORT]: cut, [TOO_SHORT]: short }));
  // the fake provider is a child process: it reads these from the environment it inherits
  process.env.FAKE_YTDLP_MEDIA_FILES = media;
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_MEDIA_FILES;
  await assets.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs download_pending as a user would start it, without the provider's delays; resolves to the finished task. */
async function downloadQueue(staff: Client): Promise<Record<string, unknown>> {
  process.env.FAKE_YTDLP_DELAY_MS = '0';
  const started = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
  const taskId = started.json().task_id as string;
  return waitFor(async () => {
    const answer = (await staff.request({ method: 'GET', url: `/api/task/by-id/${taskId}/` })).json();
    return answer.date_done ? (answer as Record<string, unknown>) : undefined;
  }, 60_000);
}

/**
 * Issue 18 point 4: a download is verified before it enters the archive. A truncated mp4 whose index is
 * at the front used to be archived as a normal video that does not play.
 */
describe.each(ENGINES)('downloads verified before they are archived, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, concurrency: 1 } });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('keeps a cut-short file and a file of the wrong length out of the media tree, with a message on the item', async () => {
    for (const id of [CUT_SHORT, TOO_SHORT, FAKE.video]) await queueFakeVideo(t.database.db, id);
    expect(await downloadQueue(staff)).toMatchObject({ status: 'SUCCESS' });

    const { mediaDir, cacheDir } = t.container.config;
    expect(filesBelow(mediaDir).filter((f) => f.endsWith('.mp4'))).toEqual([
      `${FAKE.alpha.id}/${FAKE.video}.mp4`,
    ]);
    expect(filesBelow(path.join(cacheDir, 'download'))).toEqual([]);
    for (const id of [CUT_SHORT, TOO_SHORT]) {
      expect((await staff.request({ method: 'GET', url: `/api/video/${id}/` })).statusCode).toBe(404);
    }
    const queue = (await staff.request({ method: 'GET', url: '/api/download/?filter=pending' })).json() as {
      data: { youtube_id: string; message: string | null }[];
    };
    const messages = Object.fromEntries(queue.data.map((item) => [item.youtube_id, item.message]));
    expect(messages).toEqual({
      [CUT_SHORT]: expect.stringMatching(
        /^broken download, not archived: only [\d.]+ s of its last 3 s decode \(the file is cut short\)$/,
      ),
      [TOO_SHORT]: 'broken download, not archived: the file lasts 5 s, the provider says 14 s',
    });
  }, 90_000);
});

/**
 * Issue 19: each child process of a download costs the API's reads. The check's ffprobe is the only one, and
 * the download's own yt-dlp run brings the metadata.
 */
describe('a download with as few child processes as it needs', () => {
  let t: TestApp;
  let staff: Client;
  let probes: string;
  let runs: string;

  beforeAll(async () => {
    runs = path.join(dir, 'yt-dlp-runs.log');
    process.env.FAKE_YTDLP_LOG = runs;
    probes = path.join(dir, 'ffprobe-calls.log');
    const counting = path.join(dir, 'counting-ffprobe');
    fs.writeFileSync(counting, `#!/bin/sh\necho "$*" >> '${probes}'\nexec ffprobe "$@"\n`, { mode: 0o755 });
    t = await createTestApp('sqlite', { YTDLP_PATH: FAKE_YTDLP_PATH, FFPROBE_PATH: counting });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, concurrency: 1 } });
  });
  afterAll(async () => {
    delete process.env.FAKE_YTDLP_LOG;
    await t.container.jobs.close();
    await t.close();
  });

  /** The yt-dlp runs about one video. */
  const runsFor = (id: string) => readFakeLog(runs).filter((run) => run.argv?.some((a) => a.includes(id)));

  it('reads the media facts of the check for the archive, without a second ffprobe', async () => {
    await queueFakeVideo(t.database.db, FAKE.video);
    expect(await downloadQueue(staff)).toMatchObject({ status: 'SUCCESS' });
    const video = (await staff.request({ method: 'GET', url: `/api/video/${FAKE.video}/` })).json() as {
      player: { duration: number };
      media_size: number;
    };
    expect(video.player.duration).toBeGreaterThan(0);
    expect(video.media_size).toBeGreaterThan(0);
    const calls = fs.readFileSync(probes, 'utf8').split('\n');
    expect(calls.filter((line) => line.endsWith(`${FAKE.video}.mp4`))).toHaveLength(1);
  }, 90_000);

  it("indexes the metadata of the download's own yt-dlp run, and leaves no info JSON behind", async () => {
    const id = 'alphaVid002';
    await queueFakeVideo(t.database.db, id);
    expect(await downloadQueue(staff)).toMatchObject({ status: 'SUCCESS' });
    const video = (await staff.request({ method: 'GET', url: `/api/video/${id}/` })).json() as {
      title: string;
    };
    expect(video.title).toBe('Sharpening chisels the easy way');
    expect(runsFor(id)).toHaveLength(1);
    const { mediaDir, cacheDir } = t.container.config;
    expect(filesBelow(path.join(cacheDir, 'download'))).toEqual([]);
    expect(filesBelow(mediaDir).filter((f) => f.endsWith('.info.json'))).toEqual([]);
  }, 90_000);

  it('asks again for the metadata with comments when comment_max is set (upstream fetches them apart)', async () => {
    const id = 'alphaVid003';
    await t.container.appConfig.update({ downloads: { comment_max: '5' } });
    await queueFakeVideo(t.database.db, id);
    expect(await downloadQueue(staff)).toMatchObject({ status: 'SUCCESS' });
    const calls = runsFor(id);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.argv).toContain('--write-comments');
  }, 90_000);
});
