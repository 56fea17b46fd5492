import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { fakeTitle, startAssetServer } from './helpers/acquisition.ts';
import { BASE_TIME, makeChannel, makePlaylist, makeVideo, makeWatch, watchesOf } from './factories.ts';
import { insertFragment } from './search/search-seed.ts';

const GONE_VIDEO = 'goneVideo01';
const GONE_CHANNEL = 'UCgoneChannelGoneChannel';

let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  assets = await startAssetServer();
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
});
afterAll(() => assets.close());

describe.each(ENGINES)('reindex and the refresh API on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  let viewerId: number;
  const db = () => t.database.db;
  const video = (id: string) =>
    db().selectFrom('videos').selectAll().where('youtube_id', '=', id).executeTakeFirstOrThrow();
  const channel = (id: string) =>
    db().selectFrom('channels').selectAll().where('channel_id', '=', id).executeTakeFirstOrThrow();
  const refresh = (payload: object, query = '') =>
    staff.request({ method: 'POST', url: `/api/refresh/${query}`, payload });
  const status = (query = '') => staff.request({ method: 'GET', url: `/api/refresh/${query}` });
  const withFile = async (overrides: Parameters<typeof makeVideo>[1]) => {
    const row = await makeVideo(db(), overrides);
    const file = path.join(t.container.config.mediaDir, row.media_url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not really a video');
    return { row, file };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewerId = (await createUser(t, { username: 'viewer' })).id;
    viewer = await sessionClient(t, viewerId);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, comment_max: 'all' } });
    await makeChannel(db(), {
      channel_id: FAKE.alpha.id,
      channel_name: 'Old name',
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({ download_format: 'worst' }),
    });
    await makeChannel(db(), { channel_id: GONE_CHANNEL, channel_name: 'Gone channel' });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('re-fetches videos and channels, keeps user data, and marks what the provider lost inactive', async () => {
    const kept = await withFile({
      youtube_id: FAKE.video,
      channel_id: FAKE.alpha.id,
      title: 'Old title',
      vid_type: 'shorts',
    });
    const gone = await withFile({ youtube_id: GONE_VIDEO, channel_id: FAKE.alpha.id });
    await makeWatch(db(), viewerId, FAKE.video, BASE_TIME);
    await makeWatch(db(), viewerId, GONE_VIDEO, BASE_TIME);
    await db()
      .insertInto('watch_progress')
      .values({ user_id: viewerId, youtube_id: FAKE.video, position: 42, updated_at: BASE_TIME })
      .execute();
    await makePlaylist(db(), { playlist_type: 'custom', entries: [FAKE.video, GONE_VIDEO] });

    const res = await refresh({ video: [FAKE.video, GONE_VIDEO], channel: [FAKE.alpha.id, GONE_CHANNEL] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'reindex task started', task_id: expect.any(String) });
    await t.container.jobs.idle();
    const task = (
      await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })
    ).json();
    expect(task.result).toBe(
      `reindexed 1 videos, 1 channels, 0 playlists; marked inactive: video ${GONE_VIDEO}, channel ${GONE_CHANNEL}`,
    );

    const refreshed = await video(FAKE.video);
    expect(refreshed).toMatchObject({
      title: fakeTitle(FAKE.video),
      active: 1,
      vid_type: 'shorts',
      comment_count: 4,
      date_downloaded: kept.row.date_downloaded,
    });
    expect(refreshed.vid_last_refresh).toBeGreaterThan(BASE_TIME + 86_400_000);
    const progress = await db()
      .selectFrom('watch_progress')
      .selectAll()
      .where('youtube_id', '=', FAKE.video)
      .execute();
    expect(progress).toEqual([expect.objectContaining({ user_id: viewerId, position: 42 })]);
    expect(fs.existsSync(kept.file)).toBe(true);
    expect(fs.existsSync(path.join(t.container.config.cacheDir, 'videos', 'a', `${FAKE.video}.jpg`))).toBe(
      true,
    );

    expect(await video(GONE_VIDEO)).toMatchObject({ active: 0, title: gone.row.title });
    for (const id of [FAKE.video, GONE_VIDEO])
      expect(await watchesOf(db(), id)).toEqual([{ user_id: viewerId, watched_date: BASE_TIME }]);
    expect(fs.existsSync(gone.file)).toBe(true);
    const entries = await db().selectFrom('playlist_entries').select('youtube_id').orderBy('idx').execute();
    expect(entries.map((e) => e.youtube_id)).toEqual([FAKE.video, GONE_VIDEO]);

    expect(await channel(FAKE.alpha.id)).toMatchObject({
      channel_name: FAKE.alpha.name,
      channel_active: 1,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({ download_format: 'worst' }),
    });
    expect(await channel(GONE_CHANNEL)).toMatchObject({ channel_active: 0, channel_name: 'Gone channel' });
    const api = (await viewer.request({ method: 'GET', url: `/api/video/${GONE_VIDEO}/` })).json();
    expect(api.active).toBe(false);
  });

  it('reindexes the videos of a channel with extract_videos', async () => {
    await db().updateTable('videos').set({ vid_last_refresh: BASE_TIME, title: 'Stale' }).execute();
    const res = await refresh({ channel: [FAKE.alpha.id] }, '?extract_videos=true');
    expect(res.statusCode).toBe(200);
    await t.container.jobs.idle();
    expect((await video(FAKE.video)).title).toBe(fakeTitle(FAKE.video));
    expect((await video(FAKE.video)).vid_last_refresh).toBeGreaterThan(BASE_TIME);
  });

  it('answers the queue state and refuses bad requests', async () => {
    expect((await status()).json()).toEqual({ state: 'empty', total_queued: 0 });
    const missingType = await status(`?id=${FAKE.video}`);
    expect([missingType.statusCode, missingType.json()]).toEqual([
      400,
      { error: 'specified id also needs type' },
    ]);
    await db()
      .insertInto('reindex_queue')
      .values({ kind: 'video', item_id: 'queuedVid01', extract_videos: 0, added_at: 1 })
      .execute();
    expect((await status('?type=video&id=queuedVid01')).json()).toEqual({
      state: 'in_queue',
      total_queued: 1,
    });
    expect((await status('?type=video&id=otherVid001')).json()).toEqual({ state: false, total_queued: 1 });
    expect((await status('?type=channel')).json()).toEqual({ state: 'empty', total_queued: 0 });
    expect((await status()).json()).toEqual({ state: 'running', total_queued: 1 });
    await db().deleteFrom('reindex_queue').execute();

    expect((await refresh({})).json()).toEqual({
      error: 'nothing to reindex: give video, channel or playlist ids',
    });
    expect((await refresh({ movie: ['x'] })).statusCode).toBe(400);
    expect(
      (await viewer.request({ method: 'POST', url: '/api/refresh/', payload: { video: ['x'] } })).statusCode,
    ).toBe(403);
    expect((await viewer.request({ method: 'GET', url: '/api/refresh/' })).statusCode).toBe(403);
  });

  it('refreshes what is older than the schedule config days when the scheduler starts it', async () => {
    await db().updateTable('videos').set({ vid_last_refresh: Date.now() }).execute();
    await db()
      .updateTable('videos')
      .set({ vid_last_refresh: BASE_TIME, title: 'Stale' })
      .where('youtube_id', '=', FAKE.video)
      .execute();
    await t.container.jobs.enqueue('check_reindex', {});
    await t.container.jobs.idle();
    expect((await video(FAKE.video)).title).toBe(fakeTitle(FAKE.video));
    expect(await t.container.repositories.settings.getAppSetting('task_config:check_reindex')).toEqual({
      days: 90,
    });
  });

  it('fetches the subtitles again: files, rows and search hits replaced, kept when none come', async () => {
    const id = 'alphaVid002'; // the fake provider has one English track: "Sharp tools are safe tools", …
    await withFile({ youtube_id: id, channel_id: FAKE.alpha.id });
    const archived = (lang: string) => ({
      youtube_id: id,
      lang,
      name: lang,
      source: 'file' as const,
      ext: 'vtt',
      media_url: `${FAKE.alpha.id}/${id}.${lang}.vtt`,
      url: null,
    });
    const file = (lang: string) => path.join(t.container.config.mediaDir, archived(lang).media_url);
    await db()
      .insertInto('subtitles')
      .values([archived('en'), archived('fr')])
      .execute();
    for (const lang of ['en', 'fr']) fs.writeFileSync(file(lang), 'WEBVTT\n\n00:00.000 --> 00:01.000\nold\n');
    await insertFragment(db(), id, 'en', 'file', 1, 'an old line about planing');
    const fulltext = async (query: string) =>
      (await staff.request({ method: 'GET', url: `/api/search/?query=${encodeURIComponent(query)}` })).json()
        .results.fulltext_results as { youtube_id: string; subtitle_line: string; subtitle_source: string }[];
    expect((await fulltext('full:planing ')).map((h) => h.youtube_id)).toEqual([id]);

    const reindex = async () => {
      expect((await refresh({ video: [id] })).statusCode).toBe(200);
      await t.container.jobs.idle();
    };
    await t.container.appConfig.update({
      downloads: { subtitle: 'en', subtitle_source: 'user', subtitle_index: true },
    });
    await reindex();
    const rows = await db().selectFrom('subtitles').selectAll().where('youtube_id', '=', id).execute();
    expect(rows).toEqual([
      expect.objectContaining({ lang: 'en', source: 'user', media_url: archived('en').media_url }),
    ]);
    expect(fs.readFileSync(file('en'), 'utf8')).toMatch(/^WEBVTT[\s\S]*Sharp tools are safe tools/);
    // the language the provider did not give is gone with its file
    expect(fs.existsSync(file('fr'))).toBe(false);
    const hits = await fulltext('full:safe tools ');
    expect(hits).toEqual([
      expect.objectContaining({
        youtube_id: id,
        subtitle_source: 'user',
        subtitle_line: expect.stringMatching(/<span[^>]*>safe<\/span> <span[^>]*>tools<\/span>/),
      }),
    ]);
    expect(await fulltext('full:planing ')).toEqual([]);

    // a language the provider does not have: nothing comes, and what the archive holds stays
    await t.container.appConfig.update({ downloads: { subtitle: 'xx' } });
    await reindex();
    expect(await db().selectFrom('subtitles').select('lang').where('youtube_id', '=', id).execute()).toEqual([
      { lang: 'en' },
    ]);
    expect(fs.existsSync(file('en'))).toBe(true);
    expect((await fulltext('full:safe tools ')).map((h) => h.youtube_id)).toEqual([id]);

    // the provider fails the subtitles alone (yt-dlp's YoutubeDL._write_subtitles text): kept, and the
    // run says why with the category and advice of any provider failure (issue 16)
    await t.container.appConfig.update({ downloads: { subtitle: 'en' } });
    const failures = path.join(t.database.dataDir, 'failures.json');
    /** A refresh of the video while the provider fails its subtitles with `text`; the task as the API shows it. */
    const refreshFailingSubtitles = async (text: string) => {
      fs.writeFileSync(failures, JSON.stringify({ [`${id}#subtitles`]: text }));
      process.env.FAKE_YTDLP_FAILURES = failures;
      try {
        const res = await refresh({ video: [id] });
        await t.container.jobs.idle();
        return (await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })).json();
      } finally {
        delete process.env.FAKE_YTDLP_FAILURES;
      }
    };
    const throttled = await refreshFailingSubtitles(
      "Unable to download video subtitles for 'en': HTTP Error 429: Too Many Requests",
    );
    expect(throttled.status).toBe('FAILURE');
    expect(JSON.stringify(throttled)).toMatch(
      /Unable to download video subtitles for 'en': HTTP Error 429: Too Many Requests \[Throttled by the provider: /,
    );
    const missing = await refreshFailingSubtitles(
      "Unable to download video subtitles for 'en': HTTP Error 404: Not Found",
    );
    expect(missing.result).toMatch(
      /^reindexed 1 videos.*; subtitles not fetched, the archived ones kept: alphaVid002: Unable to download video subtitles for 'en': HTTP Error 404: Not Found \[Other failure: See the message/,
    );
    expect(fs.existsSync(file('en'))).toBe(true);
    expect((await fulltext('full:safe tools ')).map((h) => h.youtube_id)).toEqual([id]);

    // the comments (fetched with the metadata, comment_max is on) refused as yt-dlp prints it: the run
    // ends with the item queued, and says what the refusal means (issue 16)
    fs.writeFileSync(
      failures,
      JSON.stringify({
        [`${id}#comments`]: `[youtube] ${id}: Unable to download API page: HTTP Error 403: Forbidden (caused by <HTTPError 403: Forbidden>)`,
      }),
    );
    process.env.FAKE_YTDLP_FAILURES = failures;
    try {
      const res = await refresh({ video: [id] });
      await t.container.jobs.idle();
      const task = (
        await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })
      ).json();
      expect(task.status).toBe('FAILURE');
      expect(JSON.stringify(task)).toMatch(
        /HTTP Error 403: Forbidden.*\[Throttled by the provider: The provider limits requests/,
      );
    } finally {
      delete process.env.FAKE_YTDLP_FAILURES;
      await db().deleteFrom('reindex_queue').execute();
    }
    await t.container.appConfig.update({ downloads: { subtitle: null, subtitle_index: false } });
  });
});
