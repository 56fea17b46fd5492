import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo, startAssetServer } from './helpers/acquisition.ts';
import { makeChannel, makeVideo } from './factories.ts';

/** Alpha's second playlist in the fake catalogue, listed on its Playlists tab but never indexed before. */
const JOINERY = 'PLfakeAlphaJoinery0000000000000002';
const playlistsUrl = (channelId: string) =>
  `https://www.youtube.com/channel/${channelId}/playlists?view=1&sort=dd&shelf_id=0`;

let assets: Awaited<ReturnType<typeof startAssetServer>>;
let logDir: string;
beforeAll(async () => {
  assets = await startAssetServer();
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
  process.env.FAKE_YTDLP_DELAY_MS = '20';
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-index-playlists-'));
});
afterAll(async () => {
  await assets.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe.each(ENGINES)('index_playlists on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;
  const lastResult = async () => {
    await t.container.jobs.idle();
    const res = await staff.request({ method: 'GET', url: '/api/task/by-name/index_playlists/' });
    return res.json()[0];
  };
  const entries = async (playlistId: string) =>
    (
      await db()
        .selectFrom('playlist_entries')
        .select('youtube_id')
        .where('playlist_id', '=', playlistId)
        .orderBy('idx')
        .execute()
    ).map((e) => e.youtube_id);
  const stored = () =>
    db()
      .selectFrom('playlists')
      .select(['playlist_id', 'playlist_name', 'playlist_subscribed', 'playlist_channel_id'])
      .orderBy('playlist_id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, autodelete_days: null } });
    await makeChannel(db(), { channel_id: FAKE.alpha.id, channel_name: FAKE.alpha.name });
    await makeChannel(db(), {
      channel_id: FAKE.bravo.id,
      channel_name: FAKE.bravo.name,
      channel_overwrites: '{"index_playlists":true}',
    });
    for (const id of ['alphaVid001', 'alphaVid002']) {
      await makeVideo(db(), { youtube_id: id, channel_id: FAKE.alpha.id });
    }
    await makeVideo(db(), { youtube_id: 'bravoVid002', channel_id: FAKE.bravo.id });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('leaves a channel without the overwrite alone', async () => {
    const log = path.join(logDir, `alone-${engine}.log`);
    process.env.FAKE_YTDLP_LOG = log;
    try {
      await t.container.tasks.start('index_playlists', {});
      expect(await lastResult()).toMatchObject({
        status: 'SUCCESS',
        result: 'indexed 0 playlist(s) of 1 channel(s)',
      });
    } finally {
      delete process.env.FAKE_YTDLP_LOG;
    }
    const urls = readFakeLog(log).flatMap((run) => run.argv ?? []);
    expect(urls).toContain(playlistsUrl(FAKE.bravo.id));
    expect(urls).not.toContain(playlistsUrl(FAKE.alpha.id));
    expect(await stored()).toEqual([]);
  });

  it('turning index_playlists on indexes every playlist of the channel with its entries, unsubscribed', async () => {
    const res = await staff.request({
      method: 'POST',
      url: `/api/channel/${FAKE.alpha.id}/`,
      payload: { channel_overwrites: { index_playlists: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(await lastResult()).toMatchObject({
      status: 'SUCCESS',
      result: 'indexed 2 playlist(s) of 1 channel(s)',
    });
    expect(await stored()).toEqual([
      {
        playlist_id: JOINERY,
        playlist_name: 'Joinery basics',
        playlist_subscribed: 0,
        playlist_channel_id: FAKE.alpha.id,
      },
      {
        playlist_id: FAKE.playlist,
        playlist_name: 'Best of the fake channels',
        playlist_subscribed: 0,
        playlist_channel_id: FAKE.alpha.id,
      },
    ]);
    expect(await entries(JOINERY)).toEqual(['alphaVid004', 'alphaVid002']);
    expect(await entries(FAKE.playlist)).toEqual([
      'alphaVid001',
      'bravoVid002',
      'charlieS001',
      'alphaVid003',
    ]);
    const page = await staff.request({ method: 'GET', url: `/api/playlist/${JOINERY}/` });
    expect(page.statusCode).toBe(200);
  });

  it('post-processing after a download indexes all playlists the provider lists for such a channel', async () => {
    await db().deleteFrom('playlist_entries').execute();
    await db().deleteFrom('playlists').execute();
    await queueFakeVideo(db(), 'alphaVid005');
    const started = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    await t.container.jobs.idle();
    const task = await staff.request({ method: 'GET', url: `/api/task/by-id/${started.json().task_id}/` });
    expect(task.json()).toMatchObject({ status: 'SUCCESS', result: 'downloaded 1 video(s).' });
    expect((await stored()).map((p) => p.playlist_id)).toEqual([JOINERY, FAKE.playlist]);
    expect(await entries(JOINERY)).toEqual(['alphaVid004', 'alphaVid002']);
    expect((await stored()).every((p) => p.playlist_subscribed === 0)).toBe(true);
  });
});
