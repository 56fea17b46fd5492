import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeChannel, makePlaylist, makeQueueItem, makeVideo } from './factories.ts';
import { startAssetServer } from './helpers/acquisition.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { upstreamTokenClient, type UpstreamClient } from './helpers/upstream-client.ts';
import { makeSampleMedia, type SampleMedia } from './helpers/import-media.ts';

/** 2026-01-15 12:00 UTC: the scheduler's clock in this file (TZ is UTC). */
const NOON_UTC = Date.UTC(2026, 0, 15, 12, 0);

let media: SampleMedia;
let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  media = await makeSampleMedia();
  assets = await startAssetServer();
});
afterAll(async () => {
  fs.rmSync(media.dir, { recursive: true, force: true });
  await assets.close();
});

describe.each(ENGINES)('thumbnail_check on %s', (engine) => {
  let t: TestApp;
  let now = NOON_UTC;
  const db = () => t.database.db;
  const paths = () => t.container.archivePaths;
  let staff: UpstreamClient;
  // as upstream clients call: token auth, JSON content type on every call
  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await staff.request(method, url, body);
    return { status: res.statusCode, body: res.json() };
  };
  const runNow = async () => {
    const started = await api('POST', '/api/task/by-name/thumbnail_check/');
    expect(started.status).toBe(200);
    await t.container.jobs.idle();
    return (await api('GET', `/api/task/by-id/${started.body.task_id}/`)).body;
  };
  const mtime = (file: string) => fs.statSync(file).mtimeMs;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { now: () => now });
    staff = await upstreamTokenClient(t, (await createUser(t, { username: 'k', staff: true })).id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });
  beforeEach(async () => {
    fs.rmSync(t.container.config.cacheDir, { recursive: true, force: true });
    for (const table of ['playlist_entries', 'playlists', 'download_queue', 'videos', 'channels'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db().deleteFrom('schedules').execute();
    assets.requests.length = 0;
  });

  it('on its schedule, downloads a deleted thumbnail and banner again and deletes orphaned art', async () => {
    const channel = await makeChannel(db(), {
      channel_thumb_url: `${assets.url}/channel/thumb.jpg`,
      channel_banner_url: `${assets.url}/channel/banner.jpg`,
    });
    const fetched = await makeVideo(db(), {
      channel_id: channel.channel_id,
      thumb_url: `${assets.url}/vi/fetched.jpg`,
    });
    // a video the provider has no picture of (a manual import without metadata): a frame of its file
    const local = await makeVideo(db(), { channel_id: channel.channel_id, thumb_url: null });
    fs.mkdirSync(path.dirname(paths().media(local.media_url)), { recursive: true });
    fs.copyFileSync(media.mp4, paths().media(local.media_url));
    const inactive = await makeVideo(db(), {
      channel_id: channel.channel_id,
      active: 0,
      thumb_url: `${assets.url}/vi/inactive.jpg`,
    });
    const playlist = await makePlaylist(db(), { entries: [fetched.youtube_id] });
    await makeQueueItem(db(), channel.channel_id);
    const queued = await db().selectFrom('download_queue').select('youtube_id').executeTakeFirstOrThrow();
    await db()
      .updateTable('download_queue')
      .set({ vid_thumb_url: `${assets.url}/vi/queued.jpg` })
      .execute();

    // the first run makes everything the archive expects
    const first = await runNow();
    expect(first).toMatchObject({ status: 'SUCCESS' });
    expect(first.result).toBe(
      'downloaded 4 missing pictures again, drew 2 from local files, removed 0 orphaned files',
    );
    const expected = [
      paths().videoThumb(fetched.youtube_id),
      paths().videoThumb(local.youtube_id),
      paths().videoThumb(queued.youtube_id),
      paths().channelArt(channel.channel_id, 'thumb'),
      paths().channelArt(channel.channel_id, 'banner'),
      paths().playlistArt(playlist.playlist_id),
    ];
    for (const file of expected) expect(fs.existsSync(file), file).toBe(true);
    // inactive videos are not asked for (upstream checks active ones), nor art without a URL
    expect(fs.existsSync(paths().videoThumb(inactive.youtube_id))).toBe(false);
    expect(fs.existsSync(paths().channelArt(channel.channel_id, 'tvart'))).toBe(false);

    // a thumbnail and a banner deleted, art left behind by things no longer in the archive
    fs.rmSync(paths().videoThumb(fetched.youtube_id));
    fs.rmSync(paths().channelArt(channel.channel_id, 'banner'));
    const orphans = [
      paths().videoThumb('goneVideo01'),
      paths().channelArt('UCgoneChannel0000000000a', 'banner'),
      paths().playlistArt('PLgonePlaylist'),
    ];
    for (const file of orphans) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(paths().videoThumb(local.youtube_id), file);
    }
    const untouched = [expected[1]!, expected[2]!, expected[3]!, expected[5]!];
    const before = untouched.map(mtime);
    assets.requests.length = 0;

    // as the scheduler runs it: a schedule for the next minute
    const saved = await api('POST', '/api/task/schedule/thumbnail_check/', { schedule: '1 12 *' });
    expect(saved.status).toBe(200);
    now += 60_000;
    const [taskId] = await t.container.scheduler.tick();
    await t.container.jobs.idle();
    const scheduled = (await api('GET', `/api/task/by-id/${taskId}/`)).body;
    expect(scheduled).toMatchObject({ name: 'thumbnail_check', status: 'SUCCESS' });
    expect(scheduled.result).toBe(
      'downloaded 2 missing pictures again, drew 0 from local files, removed 3 orphaned files',
    );
    expect(assets.requests.sort()).toEqual(['/channel/banner.jpg', '/vi/fetched.jpg']);
    for (const file of expected) expect(fs.existsSync(file), file).toBe(true);
    for (const file of orphans) expect(fs.existsSync(file), file).toBe(false);
    expect(untouched.map(mtime)).toEqual(before);
    const [schedule] = (await api('GET', '/api/task/schedule/')).body;
    expect(schedule).toMatchObject({
      name: 'thumbnail_check',
      last_outcome: { task_id: taskId, status: 'SUCCESS' },
    });
  });

  it('reports what the image host would not give, and gives up on a host out of reach', async () => {
    const dead = 'http://127.0.0.1:9'; // the discard port: nothing listens
    const channel = await makeChannel(db(), { channel_thumb_url: null, channel_banner_url: null });
    const ids = [];
    for (let i = 0; i < 25; i++) {
      const video = await makeVideo(db(), {
        channel_id: channel.channel_id,
        thumb_url: `${dead}/vi/${i}.jpg`,
      });
      ids.push(video.youtube_id);
    }
    const run = await runNow();
    expect(run).toMatchObject({ status: 'SUCCESS' });
    expect(run.result).toMatch(
      /^downloaded 0 missing pictures again, drew 0 from local files, removed 0 orphaned files; still missing 25: .*; and 5 more$/,
    );
    expect(run.result.match(/\(could not be downloaded\)/g)).toHaveLength(3);
    // the first 20 named, the rest counted
    expect(run.result.match(/\(image host out of reach\)/g)).toHaveLength(17);
    const notice = (await api('GET', '/api/notification/')).body.find(
      (n: { id: string }) => n.id === run.task_id,
    );
    expect(notice).toMatchObject({ title: 'Check your Thumbnails', level: 'error' });
    for (const id of ids) expect(fs.existsSync(paths().videoThumb(id))).toBe(false);
  });
});
