import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo } from './helpers/acquisition.ts';
import { makeChannel, makePlaylist } from './factories.ts';

describe.each(ENGINES)('update_subscribed on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;
  const rescan = async () => {
    const res = await staff.request({ method: 'POST', url: '/api/task/by-name/update_subscribed/' });
    expect(res.statusCode).toBe(200);
    await t.container.jobs.idle();
    return (await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })).json();
  };
  const queue = async () =>
    (
      await db()
        .selectFrom('download_queue')
        .select(['youtube_id', 'status', 'vid_type', 'auto_start'])
        .orderBy('youtube_id')
        .execute()
    ).map((r) => `${r.youtube_id}:${r.status}:${r.vid_type}`);

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('download_queue').execute();
    await db().deleteFrom('playlists').execute();
    await db().deleteFrom('channels').execute();
    await t.container.appConfig.update({
      downloads: { sleep_interval: 0 },
      subscriptions: {
        channel_size: 2,
        live_channel_size: 0,
        shorts_channel_size: 1,
        playlist_size: 2,
        auto_start: false,
        extract_flat: false,
      },
    });
  });

  it('scans every tab with the page sizes and overwrites, reports a failing channel and goes on', async () => {
    // flat: queue items from the listings, so the page sizes alone decide what is queued
    await t.container.appConfig.update({ subscriptions: { extract_flat: true } });
    await makeChannel(db(), {
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({ subscriptions_shorts_channel_size: 0 }),
    });
    // sorts between the other two: the scan must go on after it
    await makeChannel(db(), {
      channel_id: 'UCgoneChannelGoneChannel',
      channel_name: 'Beta Gone',
      channel_subscribed: 1,
    });
    await makeChannel(db(), {
      channel_id: FAKE.charlie.id,
      channel_name: FAKE.charlie.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({
        subscriptions_channel_size: 1,
        subscriptions_live_channel_size: 5,
      }),
    });
    await makeChannel(db(), {
      channel_id: FAKE.bravo.id,
      channel_name: FAKE.bravo.name,
      channel_subscribed: 0,
    });
    // on the ignore list: a rescan leaves it there
    await queueFakeVideo(db(), 'alphaVid004', { status: 'ignore' });

    const task = await rescan();
    expect(task.status).toBe('SUCCESS');
    expect(task.result).toMatch(
      /^Found 3 videos to add to the queue\. Failed 1: Beta Gone: .*This channel does not exist/,
    );
    // a failed scan reads as a failed download does: category and advice (issue 16)
    expect(task.result).toMatch(/This channel does not exist[^[]*\[Removed: /);
    expect(await queue()).toEqual([
      'alphaVid004:ignore:videos',
      'alphaVid005:pending:videos',
      // charlie: videos limited to 1 by its overwrite (its newest is the bot-check video), shorts 1 by the config
      'botCheck001:pending:videos',
      'charlieS003:pending:shorts',
    ]);
    const notifications = await staff.request({ method: 'GET', url: '/api/notification/' });
    expect(notifications.json()[0]).toMatchObject({ title: 'Rescan your Subscriptions', level: 'error' });
  });

  it('names the videos whose metadata could not be fetched', async () => {
    await makeChannel(db(), {
      channel_id: FAKE.charlie.id,
      channel_name: FAKE.charlie.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({ subscriptions_shorts_channel_size: 0 }),
    });
    const task = await rescan();
    // the two newest videos are the bot-check one and the unavailable one
    expect(task.result).toMatch(/^Found 0 videos to add to the queue\. Could not queue 2: /);
    expect(task.result).toContain('failVideo01');
    expect(task.result).toMatch(/Video unavailable \[Removed: /);
    expect(task.result).toMatch(
      /not a bot[^[]*\[Bot check \/ sign-in required: Import a cookie .* or set a PO token/,
    );
    expect(await queue()).toEqual([]);
  });

  it('scans subscribed playlists and starts downloading when auto_start is on', async () => {
    await t.container.appConfig.update({ subscriptions: { auto_start: true } });
    await makePlaylist(db(), { playlist_id: FAKE.playlist, playlist_subscribed: 1 });
    process.env.FAKE_YTDLP_DELAY_MS = '10';
    const task = await rescan();
    expect(task.result).toBe('Found 2 videos to add to the queue.');
    const downloads = await staff.request({ method: 'GET', url: '/api/task/by-name/download_pending/' });
    expect(downloads.json()).toEqual([
      expect.objectContaining({ status: 'SUCCESS', result: 'downloaded 2 video(s).' }),
    ]);
    const archived = await db().selectFrom('videos').select('youtube_id').orderBy('youtube_id').execute();
    expect(archived.map((v) => v.youtube_id)).toEqual(['alphaVid001', 'bravoVid002']);
    expect(await queue()).toEqual([]);
  });
});
