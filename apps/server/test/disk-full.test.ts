import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVE_BYTES } from '../src/services/disk-full.ts';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { filesBelow, queueFakeVideo, startAssetServer, waitFor } from './helpers/acquisition.ts';
import { mountSmallDisk, type SmallDisk } from './helpers/small-disk.ts';

const IDS = ['alphaVid001', 'alphaVid002', 'alphaVid003', 'alphaVid004'];

let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  assets = await startAssetServer();
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
  process.env.FAKE_YTDLP_DELAY_MS = '0';
});
/** Each engine's disk is mounted when the file is collected; a describe left out by -t unmounts none. */
const mountedDisks: SmallDisk[] = [];
afterAll(async () => {
  await assets.close();
  for (const disk of mountedDisks) disk.unmount();
});

/**
 * Issue 18 point 1: the media tree on a small volume of its own (another file system than the cache, where
 * downloads stage), as an operator with a separate media disk has it. A full volume used to commit archive
 * rows whose files could not follow (the copy across file systems came after the commit, and failed).
 */
describe.each(ENGINES)('downloads onto a full media volume, on %s', (engine) => {
  const mounted = mountSmallDisk(24);
  if (typeof mounted === 'string') console.log(`disk-full: skipped, ${mounted}`);
  const disk = mounted as SmallDisk;
  if (typeof mounted !== 'string') mountedDisks.push(disk);
  let t: TestApp;
  let staff: Client;
  let mediaDir: string;

  const run = async () => {
    const started = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    const id = started.json().task_id as string;
    return waitFor(async () => {
      const task = (await staff.request({ method: 'GET', url: `/api/task/by-id/${id}/` })).json();
      return task.date_done ? (task as { status: string; result: unknown; traceback: string }) : undefined;
    }, 60_000);
  };
  const queue = async () =>
    (
      (await staff.request({ method: 'GET', url: '/api/download/?filter=pending' })).json() as {
        data: { youtube_id: string; message: string | null }[];
      }
    ).data
      .map((item) => [item.youtube_id, item.message ?? null])
      .sort();
  const archived = async () =>
    ((await staff.request({ method: 'GET', url: '/api/video/' })).json() as { data: unknown[] }).data.length;
  /** Nothing of a download in the media tree: no mp4, no subtitle, no copy on its way. */
  const mediaFiles = () => filesBelow(mediaDir);

  beforeAll(async () => {
    if (typeof mounted === 'string') return;
    t = await createTestApp(engine, {
      YTDLP_PATH: FAKE_YTDLP_PATH,
      TK_MEDIA_DIR: path.join(disk.dir, 'media'),
    });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, concurrency: 1 } });
    mediaDir = t.container.config.mediaDir;
    for (const id of IDS) await queueFakeVideo(t.database.db, id);
  });
  afterAll(async () => {
    if (typeof mounted === 'string') return;
    await t.container.jobs.close();
    await t.close();
    disk.unmount();
  });

  it.skipIf(typeof mounted === 'string')(
    'stops the run with one notice and keeps every item queued, before and at the commit, then downloads all once there is room',
    async () => {
      const untouched = IDS.map((id) => [id, null]).sort();
      // 200 KB free: the run does not start a download
      disk.fill(200 * 1024);
      const before = await run();
      expect(before.status).toBe('FAILURE');
      expect(before.traceback).toMatch(
        /^media volume full: 0\.2 MB free, 16\.0 MB needed; the queue is kept, start the download again when there is room$/,
      );
      expect([await queue(), await archived(), mediaFiles()]).toEqual([untouched, 0, []]);

      // room for a download but not for its copy onto the media volume: checked before the commit
      disk.free();
      disk.fill(RESERVE_BYTES + 20 * 1024);
      const atCommit = await run();
      expect(atCommit.status).toBe('FAILURE');
      expect(atCommit.traceback).toMatch(
        /^media volume full: 16\.0 MB free, 16\.\d MB needed; the queue is kept/,
      );
      expect([await queue(), await archived(), mediaFiles()]).toEqual([untouched, 0, []]);
      expect(filesBelow(path.join(t.container.config.cacheDir, 'download'))).toEqual([]);

      disk.free();
      const after = await run();
      expect(after).toMatchObject({ status: 'SUCCESS', result: 'downloaded 4 video(s).' });
      expect(await queue()).toEqual([]);
      expect(mediaFiles().filter((f) => f.endsWith('.mp4'))).toEqual(
        IDS.map((id) => `${FAKE.alpha.id}/${id}.mp4`),
      );
      expect(mediaFiles().filter((f) => f.endsWith('.part'))).toEqual([]);
    },
    120_000,
  );
});
