import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo, startAssetServer } from './helpers/acquisition.ts';
import { makeChannel, makePlaylist, makeVideo, makeWatch } from './factories.ts';

const DAY = 86_400_000;

let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  assets = await startAssetServer();
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
  process.env.FAKE_YTDLP_DELAY_MS = '20';
});
afterAll(() => assets.close());

describe.each(ENGINES)('download post-processing on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let staffId: number;
  /** a second user: auto delete counts a video watched by anyone, dated by the latest mark */
  let viewerId: number;
  const db = () => t.database.db;
  const runDownloads = async () => {
    const res = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    await t.container.jobs.idle();
    return (await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })).json();
  };
  /**
   * An archived video with a file and a subtitle file in the media tree, marked watched by the staff member
   * `watchedDaysAgo` days ago (null: not), and by the other user `viewerDaysAgo` days ago when given.
   */
  const archived = async (channelId: string, watchedDaysAgo: number | null, viewerDaysAgo?: number) => {
    const video = await makeVideo(db(), { channel_id: channelId });
    if (watchedDaysAgo !== null)
      await makeWatch(db(), staffId, video.youtube_id, Date.now() - watchedDaysAgo * DAY);
    if (viewerDaysAgo !== undefined)
      await makeWatch(db(), viewerId, video.youtube_id, Date.now() - viewerDaysAgo * DAY);
    const file = path.join(t.container.config.mediaDir, video.media_url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'mp4');
    fs.writeFileSync(file.replace(/\.mp4$/, '.en.vtt'), 'WEBVTT\n');
    await db()
      .insertInto('subtitles')
      .values({
        youtube_id: video.youtube_id,
        lang: 'en',
        name: 'en',
        source: 'user',
        ext: 'vtt',
        media_url: video.media_url.replace(/\.mp4$/, '.en.vtt'),
        url: null,
      })
      .execute();
    return { id: video.youtube_id, file };
  };
  const exists = async (id: string) =>
    (await db().selectFrom('videos').select('youtube_id').where('youtube_id', '=', id).executeTakeFirst()) !==
    undefined;
  const queueStatus = async (id: string) =>
    (await db().selectFrom('download_queue').select('status').where('youtube_id', '=', id).executeTakeFirst())
      ?.status;

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staffId = (await createUser(t, { username: 'keeper', staff: true })).id;
    staff = await sessionClient(t, staffId);
    viewerId = (await createUser(t, { username: 'viewer' })).id;
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, autodelete_days: null } });
  });

  it('auto-deletes watched videos by the global rule and each channel own rule, onto the ignore list', async () => {
    await t.container.appConfig.update({ downloads: { autodelete_days: 5 } });
    const plain = (await makeChannel(db())).channel_id;
    const immediate = (await makeChannel(db(), { channel_overwrites: '{"autodelete_days":0}' })).channel_id;
    const patient = (await makeChannel(db(), { channel_overwrites: '{"autodelete_days":30}' })).channel_id;
    const old = await archived(plain, 10);
    const recent = await archived(plain, 1);
    const unwatched = await archived(plain, null);
    const justWatched = await archived(immediate, 0);
    const keptByOwnRule = await archived(patient, 10);

    const task = await runDownloads();
    expect(task).toMatchObject({ status: 'SUCCESS' });
    expect(task.result).toContain('auto-deleted 2 watched video(s)');

    for (const gone of [old, justWatched]) {
      expect(await exists(gone.id)).toBe(false);
      expect(fs.existsSync(gone.file)).toBe(false);
      expect(fs.existsSync(gone.file.replace(/\.mp4$/, '.en.vtt'))).toBe(false);
      expect(await queueStatus(gone.id)).toBe('ignore');
    }
    for (const kept of [recent, unwatched, keptByOwnRule]) {
      expect(await exists(kept.id)).toBe(true);
      expect(fs.existsSync(kept.file)).toBe(true);
      expect(await queueStatus(kept.id)).toBeUndefined();
    }
    const ignored = await staff.request({ method: 'GET', url: '/api/download/?filter=ignore' });
    expect(
      ignored
        .json()
        .data.map((d: { youtube_id: string }) => d.youtube_id)
        .sort(),
    ).toEqual([old.id, justWatched.id].sort());
  });

  it('counts a video watched by any one user, dated by the latest mark of all users', async () => {
    await t.container.appConfig.update({ downloads: { autodelete_days: 5 } });
    const plain = (await makeChannel(db())).channel_id;
    const watchedByOneLongAgo = await archived(plain, 10);
    const onlyTheViewerLongAgo = await archived(plain, null, 6);
    // the staff member watched it long ago, the viewer just now: nobody loses what someone just watched
    const rewatched = await archived(plain, 10, 1);
    const onlyTheViewerRecently = await archived(plain, null, 4);
    const task = await runDownloads();
    expect(task).toMatchObject({ status: 'SUCCESS' });
    expect(task.result).toContain('auto-deleted 2 watched video(s)');
    for (const gone of [watchedByOneLongAgo, onlyTheViewerLongAgo]) {
      expect(await exists(gone.id)).toBe(false);
      expect(await queueStatus(gone.id)).toBe('ignore');
    }
    for (const kept of [rewatched, onlyTheViewerRecently]) expect(await exists(kept.id)).toBe(true);
    // once the days have passed since the latest mark, it goes too
    await db()
      .updateTable('video_watches')
      .set({ watched_date: Date.now() - 6 * DAY })
      .where('youtube_id', 'in', [rewatched.id, onlyTheViewerRecently.id])
      .execute();
    expect((await runDownloads()).result).toContain('auto-deleted 2 watched video(s)');
    for (const gone of [rewatched, onlyTheViewerRecently]) expect(await exists(gone.id)).toBe(false);
  });

  it('refreshes subscribed playlists, and the playlists of a channel with index_playlists that got videos', async () => {
    await makePlaylist(db(), { playlist_id: FAKE.playlist, playlist_subscribed: 1, playlist_name: 'stale' });
    expect((await runDownloads()).status).toBe('SUCCESS');
    const entries = () =>
      db()
        .selectFrom('playlist_entries')
        .select('youtube_id')
        .where('playlist_id', '=', FAKE.playlist)
        .orderBy('idx')
        .execute();
    expect((await entries()).map((e) => e.youtube_id)).toEqual([
      'alphaVid001',
      'bravoVid002',
      'charlieS001',
      'alphaVid003',
    ]);
    const playlist = await db()
      .selectFrom('playlists')
      .selectAll()
      .where('playlist_id', '=', FAKE.playlist)
      .executeTakeFirstOrThrow();
    expect(playlist).toMatchObject({ playlist_name: 'Best of the fake channels', playlist_subscribed: 1 });
    expect(fs.existsSync(path.join(t.container.config.cacheDir, 'playlists', `${FAKE.playlist}.jpg`))).toBe(
      true,
    );

    // not subscribed any more, but its channel indexes playlists and gets a new video
    await db().updateTable('playlists').set({ playlist_subscribed: 0, playlist_name: 'stale' }).execute();
    await makeChannel(db(), { channel_id: FAKE.alpha.id, channel_overwrites: '{"index_playlists":true}' });
    await queueFakeVideo(db(), 'alphaVid005');
    const task = await runDownloads();
    expect(task.result).toBe('downloaded 1 video(s).');
    expect(
      (
        await db()
          .selectFrom('playlists')
          .select('playlist_name')
          .where('playlist_id', '=', FAKE.playlist)
          .executeTakeFirst()
      )?.playlist_name,
    ).toBe('Best of the fake channels');
  });
});
