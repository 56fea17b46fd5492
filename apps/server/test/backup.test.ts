import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_TIME,
  makeChannel,
  makeComment,
  makePlaylist,
  makeProgress,
  makeQueueItem,
  makeSubtitle,
  makeVideo,
  makeWatch,
  watchesOf,
} from './factories.ts';
import { BackupZipRepository } from '../src/repositories/backup-zip.repository.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** What a user reads back: every read endpoint of the archive, as one signed-in staff client sees it. */
const READS = (ids: { video: string; channel: string; playlist: string; custom: string }) => [
  '/api/video/',
  '/api/video/?sort=views&order=asc',
  `/api/video/${ids.video}/`,
  `/api/video/${ids.video}/comment/`,
  `/api/video/${ids.video}/progress/`,
  `/api/video/${ids.video}/nav/`,
  '/api/channel/',
  `/api/channel/${ids.channel}/`,
  `/api/channel/${ids.channel}/aggs/`,
  '/api/playlist/',
  `/api/playlist/${ids.playlist}/`,
  `/api/playlist/${ids.custom}/`,
  '/api/download/',
  '/api/download/?filter=ignore',
  '/api/search/?query=orbit',
  '/api/search/?query=full:telescope',
  '/api/search/?query=comment:lovely',
  '/api/user/me/',
  '/api/appsettings/config/',
  '/api/task/notification/',
  '/api/stats/video/',
  '/api/stats/watch/',
  '/api/stats/download/',
];

describe.each(ENGINES)('ZIP backup and restore on %s', (engine) => {
  let source: TestApp;
  let target: TestApp;
  let token: string;
  let viewerToken: string;
  let ids: { video: string; channel: string; playlist: string; custom: string };
  let watched: { second: string; third: string };

  const call = async (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, key = token) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
    });
    return { status: res.statusCode, body: res.body === '' ? null : res.json() };
  };
  const readAll = async (t: TestApp, key: string) => {
    const answers: Record<string, unknown> = {};
    for (const url of READS(ids)) answers[url] = await call(t, 'GET', url, key);
    return answers;
  };
  const finished = async (t: TestApp, taskId: string) => {
    await t.container.jobs.idle();
    return (await call(t, 'GET', `/api/task/by-id/${taskId}/`)).body;
  };

  beforeAll(async () => {
    source = await createTestApp(engine);
    const admin = await createUser(source, { username: 'keeper', staff: true });
    const viewer = await createUser(source, { username: 'viewer' });
    token = await source.container.auth.getOrCreateToken(admin.id);
    viewerToken = await source.container.auth.getOrCreateToken(viewer.id);
    const db = source.database.db;
    const channel = await makeChannel(db, {
      channel_name: 'Orbit Lab',
      channel_subscribed: 1,
      channel_description: 'Rockets and orbits',
      channel_tags: '["space","rockets"]',
      channel_overwrites: '{"autodelete_days":7}',
      channel_last_refresh: BASE_TIME + 1234,
    });
    const video = await makeVideo(db, {
      channel_id: channel.channel_id,
      title: 'Orbit basics',
      description: 'How an orbit works',
      tags: '["orbit"]',
      duration: 600.5,
      comment_count: 2,
      sponsorblock: JSON.stringify({
        is_enabled: true,
        has_unlocked: false,
        segments: [{ UUID: 'u1', segment: [1, 2], category: 'sponsor' }],
      }),
      thumb_url: 'https://i.example/orbit.jpg',
      average_rating: 4.5,
    });
    const second = await makeVideo(db, {
      channel_id: channel.channel_id,
      title: 'Orbit advanced',
      vid_type: 'shorts',
    });
    const third = await makeVideo(db, { title: 'Another channel video' });
    // watched is per user: both watched the short (the viewer last), only the viewer the third video
    await makeWatch(db, admin.id, second.youtube_id, BASE_TIME + 1_000);
    await makeWatch(db, viewer.id, second.youtube_id, BASE_TIME + 5_000_500);
    await makeWatch(db, viewer.id, third.youtube_id, BASE_TIME + 7_000);
    watched = { second: second.youtube_id, third: third.youtube_id };
    await makeSubtitle(db, video, 'en');
    await db
      .insertInto('subtitle_fragments')
      .values([
        {
          youtube_id: video.youtube_id,
          lang: 'en',
          source: 'user',
          fragment_index: 1,
          start_ms: 1000,
          end_ms: 2500,
          line: 'look through the telescope',
        },
        {
          youtube_id: video.youtube_id,
          lang: 'en',
          source: 'user',
          fragment_index: 2,
          start_ms: 2500,
          end_ms: 4000,
          line: 'the telescope sees far',
        },
      ])
      .execute();
    const root = await makeComment(db, video.youtube_id, { text: 'What a lovely orbit' });
    await makeComment(db, video.youtube_id, { parent_id: root.comment_id, text: 'lovely indeed' });
    const playlist = await makePlaylist(db, {
      playlist_channel_id: channel.channel_id,
      playlist_channel: channel.channel_name,
      playlist_description: 'All about orbits',
      entries: [video.youtube_id, second.youtube_id, 'notArchived1'],
    });
    ids = {
      video: video.youtube_id,
      channel: channel.channel_id,
      playlist: playlist.playlist_id,
      custom: '',
    };
    const made = await source.app.inject({
      method: 'POST',
      url: '/api/playlist/custom/',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: { playlist_name: 'My favourites' },
    });
    ids.custom = made.json().playlist_id;
    await source.app.inject({
      method: 'POST',
      url: `/api/playlist/custom/${ids.custom}/`,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: { action: 'create', video_id: second.youtube_id },
    });
    await makeQueueItem(db, channel.channel_id);
    await makeQueueItem(db, channel.channel_id, 'ignore');
    await makeProgress(db, viewer.id, video.youtube_id, 42.5);
    await makeProgress(db, admin.id, video.youtube_id, 99);
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    await source.app.inject({
      method: 'POST',
      url: '/api/user/me/',
      headers,
      payload: { page_size: 30, sort_by: 'views' },
    });
    await source.app.inject({
      method: 'POST',
      url: '/api/appsettings/config/',
      headers,
      payload: { downloads: { sleep_interval: 3 } },
    });
    await source.app.inject({
      method: 'POST',
      url: '/api/task/notification/',
      headers,
      payload: { task_name: 'download_pending', url: 'json://127.0.0.1:9/' },
    });
    await source.app.inject({
      method: 'POST',
      url: '/api/task/schedule/run_backup/',
      headers,
      payload: { schedule: '0 3 *', config: { rotate: 2 } },
    });
    await source.database.db
      .insertInto('download_blocklist')
      .values({ youtube_id: 'blocked0001', blocked_at: BASE_TIME })
      .execute();
    target = await createTestApp(engine, { TK_CACHE_DIR: path.join(source.database.dataDir, 'cache') });
    await createUser(target, { username: 'keeper', staff: true });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('writes ta_backup-<date>-auto.zip of es_*.json bulk pages and lists it', async () => {
    const started = await call(source, 'POST', '/api/appsettings/backup/');
    expect(started).toEqual({
      status: 200,
      body: { message: 'backup task started', task_id: expect.any(String) },
    });
    const run = await finished(source, started.body.task_id);
    expect(run).toMatchObject({ name: 'run_backup', status: 'SUCCESS' });
    const list = await call(source, 'GET', '/api/appsettings/backup/');
    expect(list.body).toEqual([
      {
        filename: expect.stringMatching(/^ta_backup-\d{8}-auto\.zip$/),
        file_path: expect.stringContaining(path.join('cache', 'backup')),
        file_size: expect.any(Number),
        timestamp: expect.stringMatching(/^\d{8}$/),
        reason: 'auto',
      },
    ]);
    const zip = await source.container.backups.zipEntries(list.body[0].filename);
    const date = list.body[0].timestamp;
    for (const index of ['config', 'channel', 'video', 'download', 'playlist', 'subtitle', 'comment']) {
      expect(zip).toContain(`es_${index}-${date}-0.json`);
    }
    expect(zip).toContain(`tk_users-${date}-0.json`);
    expect(zip).toContain(`tk_watches-${date}-0.json`);
    // upstream's one watched flag: watched when anyone watched it, dated by the latest mark
    const opened = await new BackupZipRepository().open(list.body[0].file_path);
    const players = new Map<string, unknown>();
    let action: { index: { _id: string } } | undefined;
    for await (const line of opened.lines(`es_video-${date}-0.json`)) {
      if (!action) action = JSON.parse(line);
      else {
        players.set(action.index._id, JSON.parse(line).player);
        action = undefined;
      }
    }
    opened.close();
    expect(players.get(watched.second)).toMatchObject({
      watched: true,
      watched_date: (BASE_TIME + 5_000_500) / 1000,
    });
    expect(players.get(watched.third)).toMatchObject({
      watched: true,
      watched_date: (BASE_TIME + 7_000) / 1000,
    });
    expect(players.get(ids.video)).toMatchObject({ watched: false });
    expect(players.get(ids.video)).not.toHaveProperty('watched_date');
    expect((await call(source, 'GET', `/api/appsettings/backup/${list.body[0].filename}/`)).body).toEqual(
      list.body[0],
    );
  });

  it('restores into an empty database with the same answers from every read endpoint', async () => {
    const before = await readAll(source, token);
    // every read answered with content, so the comparison below compares something
    for (const [url, answer] of Object.entries(before))
      expect([url, (answer as { status: number }).status]).toEqual([url, 200]);
    expect(JSON.stringify(before['/api/search/?query=full:telescope'])).toContain('sees far');
    expect(JSON.stringify(before[`/api/video/${ids.video}/progress/`])).toContain('99');
    const viewerBefore = await readAll(source, viewerToken);
    const [file] = (await call(source, 'GET', '/api/appsettings/backup/')).body;
    const targetToken = await target.container.auth.getOrCreateToken(
      (await target.container.repositories.users.findByUsername('keeper'))!.id,
    );
    const restore = await call(target, 'POST', `/api/appsettings/backup/${file.filename}/`, targetToken);
    expect(restore.body).toEqual({
      message: 'backup restore task started',
      filename: file.filename,
      task_id: expect.any(String),
    });
    await target.container.jobs.idle();
    const run = (await call(target, 'GET', `/api/task/by-id/${restore.body.task_id}/`, targetToken)).body;
    expect(run).toMatchObject({ status: 'SUCCESS', result: expect.stringContaining('3 videos') });
    const viewer = await target.container.repositories.users.findByUsername('viewer');
    const viewerKey = await target.container.auth.getOrCreateToken(viewer!.id);
    expect(await readAll(target, targetToken)).toEqual(before);
    expect(await readAll(target, viewerKey)).toEqual(viewerBefore);
    // each user's own marks came back, not upstream's one flag for everyone
    const keeper = (await target.container.repositories.users.findByUsername('keeper'))!;
    expect(await watchesOf(target.database.db, watched.second)).toEqual(
      [
        { user_id: keeper.id, watched_date: BASE_TIME + 1_000 },
        { user_id: viewer!.id, watched_date: BASE_TIME + 5_000_500 },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect(await watchesOf(target.database.db, watched.third)).toEqual([
      { user_id: viewer!.id, watched_date: BASE_TIME + 7_000 },
    ]);
    expect(await watchesOf(target.database.db, ids.video)).toEqual([]);
    const schedules = (await call(target, 'GET', '/api/task/schedule/', targetToken)).body;
    expect(schedules.find((s: { name: string }) => s.name === 'run_backup')).toMatchObject({
      schedule: '0 3 *',
      config: { rotate: 2 },
    });
    const blocked = await target.database.db.selectFrom('download_blocklist').selectAll().execute();
    expect(blocked).toEqual([{ youtube_id: 'blocked0001', blocked_at: BASE_TIME }]);
  });
});
