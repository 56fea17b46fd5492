import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { makeChannel, makePlaylist } from './factories.ts';
import { startFeedStandIn, type FeedStandIn } from './fixtures/feed-stand-in.ts';

/**
 * check_feeds (issue 16) reads the feeds with bounded concurrency and jitter and keeps the rules of the deep scan: subscribed playlists are watched through their
 * feed too (first `playlist_size` entries), a channel's page-size overwrite bounds what its feed may queue
 * and a type (Videos, Shorts, Streams) whose page size is 0 is not queued from the feed (which mixes them),
 * and with auto-start on the new items are queued to start and a download run begins.
 */
const JOINERY = { id: 'PLfakeAlphaJoinery0000000000000002', name: 'Joinery basics' };
const day = (n: number) => Date.UTC(2024, 0, n);

let feeds: FeedStandIn;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-feed-rules-'));
beforeAll(async () => {
  feeds = await startFeedStandIn();
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_LOG;
  await feeds.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe.each(ENGINES)('check_feeds rules on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;
  const log = path.join(logDir, `${engine}.log`);
  /** the video ids yt-dlp was asked about since the last check began */
  const metadataCalls = () =>
    readFakeLog(log).flatMap((call) =>
      (call.argv ?? []).filter((a) => a.startsWith('https://')).map((a) => new URL(a).searchParams.get('v')),
    );
  const checkFeeds = async () => {
    fs.rmSync(log, { force: true });
    const started = await staff.request({ method: 'POST', url: '/api/task/by-name/check_feeds/' });
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
    return (await staff.request({ method: 'GET', url: `/api/task/by-id/${started.json().task_id}/` })).json();
  };
  const queued = async () =>
    (
      await db()
        .selectFrom('download_queue')
        .select(['youtube_id', 'channel_id', 'auto_start'])
        .orderBy('youtube_id')
        .execute()
    ).map((r) => `${r.youtube_id}:${r.channel_id}:${r.auto_start}`);

  beforeAll(async () => {
    process.env.FAKE_YTDLP_LOG = log;
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH, TK_YOUTUBE_FEED_URL: feeds.url });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
  });
  beforeEach(async () => {
    await db().deleteFrom('download_queue').execute();
    await db().deleteFrom('feed_checks').execute();
    await db().deleteFrom('playlists').execute();
    await db().deleteFrom('channels').execute();
    await t.container.appConfig.update({
      downloads: { sleep_interval: 0, subtitle: null, comment_max: null, integrate_sponsorblock: false },
      subscriptions: { channel_size: 50, playlist_size: 50, auto_start: false, extract_flat: false },
    });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('reads the feeds a few at a time (4), not one by one nor all at once, with jitter', async () => {
    const ids = Array.from({ length: 16 }, (_, i) => `UCmanyFeeds${String(i).padStart(13, '0')}`);
    for (const id of ids) {
      await makeChannel(db(), {
        channel_id: id,
        channel_name: `Feed ${id.slice(-2)}`,
        channel_subscribed: 1,
      });
      feeds.setChannel(id, `Feed ${id.slice(-2)}`, []);
    }
    feeds.resetCounts();
    feeds.load.delayMs = 100;
    try {
      expect((await checkFeeds()).result).toMatch(
        /^Checked 16 feeds \(0 unchanged\), 0 new videos queued\.$/,
      );
    } finally {
      feeds.load.delayMs = 0;
    }
    expect(feeds.counts.ok).toBe(16);
    expect(feeds.load.maxInFlight).toBeGreaterThan(1);
    expect(feeds.load.maxInFlight).toBeLessThanOrEqual(4);
    // the channels are read in name order; each request first waits a random 0..250 ms (jitter), so they
    // reach the provider shuffled, not in lockstep: 16 in their own order come about 1 run in 30 000
    expect(feeds.load.arrivals).toHaveLength(16);
    expect(feeds.load.arrivals).not.toEqual(ids);
  });

  it('queues the new entries of a subscribed playlist’s feed, its first playlist_size only', async () => {
    await makePlaylist(db(), {
      playlist_id: JOINERY.id,
      playlist_name: JOINERY.name,
      playlist_subscribed: 1,
    });
    // an unsubscribed playlist's feed is not read
    await makePlaylist(db(), { playlist_id: FAKE.playlist, playlist_subscribed: 0 });
    feeds.setPlaylist(JOINERY.id, JOINERY.name, FAKE.alpha.id, FAKE.alpha.name, [
      { id: 'alphaVid004', title: 'Workshop tour 2024', published: day(4) },
      { id: 'alphaVid002', title: 'Sharpening chisels the easy way', published: day(2) },
    ]);
    feeds.setPlaylist(FAKE.playlist, 'Best of', FAKE.alpha.id, FAKE.alpha.name, [
      { id: 'alphaVid003', title: 'Dovetail joints for beginners', published: day(3) },
    ]);
    await t.container.appConfig.update({ subscriptions: { playlist_size: 1 } });
    feeds.resetCounts();
    const task = await checkFeeds();
    expect(task.result).toMatch(/^Checked 1 feeds \(0 unchanged\), 1 new videos queued\.$/);
    expect(feeds.counts).toEqual({ ok: 1, notModified: 0, notFound: 0 });
    expect(await queued()).toEqual([`alphaVid004:${FAKE.alpha.id}:0`]);
    expect(metadataCalls()).toEqual(['alphaVid004']);
    const check = await db().selectFrom('feed_checks').selectAll().executeTakeFirstOrThrow();
    expect(check).toMatchObject({ target_id: JOINERY.id, kind: 'playlist', last_error: null });
  });

  it("a channel's page-size overwrite bounds what its feed queues", async () => {
    await makeChannel(db(), {
      channel_id: FAKE.bravo.id,
      channel_name: FAKE.bravo.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({ subscriptions_channel_size: 1 }),
    });
    feeds.setChannel(FAKE.bravo.id, FAKE.bravo.name, [
      { id: 'bravoVid003', title: 'Why did my loaf collapse?', published: day(3) },
      { id: 'bravoVid002', title: 'Shaping a batard', published: day(2) },
      { id: 'bravoVid001', title: 'Sourdough starter from scratch', published: day(1) },
    ]);
    const task = await checkFeeds();
    expect(task.result).toMatch(/^Checked 1 feeds \(0 unchanged\), 1 new videos queued\.$/);
    expect(await queued()).toEqual([`bravoVid003:${FAKE.bravo.id}:0`]);
    // only the metadata tells a video from a stream or short: the new entries are asked about once
    expect(metadataCalls().sort()).toEqual(['bravoVid001', 'bravoVid002', 'bravoVid003']);

    // the next upload (a stream: its own page size) costs its own call only
    feeds.publish(FAKE.bravo.id, { id: 'bravoLiv001', title: 'Live bake-along', published: day(4) });
    expect((await checkFeeds()).result).toMatch(/, 1 new videos queued\.$/);
    expect(metadataCalls()).toEqual(['bravoLiv001']);
    expect(await queued()).toEqual([`bravoLiv001:${FAKE.bravo.id}:0`, `bravoVid003:${FAKE.bravo.id}:0`]);
  });

  it('leaves out the types whose page size is 0; an id left out costs no metadata call again', async () => {
    await makeChannel(db(), {
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({
        subscriptions_shorts_channel_size: 0,
        subscriptions_live_channel_size: 0,
      }),
    });
    // one short linked as a short, one not (YouTube's feeds do both), a stream and a video
    feeds.setChannel(FAKE.alpha.id, FAKE.alpha.name, [
      { id: 'alphaVid005', title: 'Finishing with linseed oil', published: day(8) },
      { id: 'alphaSht002', title: 'Ten second tip: card scraper', published: day(7) },
      { id: 'alphaSht001', title: 'Ten second tip: marking gauge', published: day(6), short: true },
      { id: 'alphaLiv001', title: 'Live: building a workbench', published: day(5) },
    ]);
    expect((await checkFeeds()).result).toMatch(/^Checked 1 feeds \(0 unchanged\), 1 new videos queued\.$/);
    expect(await queued()).toEqual([`alphaVid005:${FAKE.alpha.id}:0`]);
    expect(metadataCalls().sort()).toEqual(['alphaLiv001', 'alphaSht002', 'alphaVid005']);

    // the next upload: only its own metadata is asked for
    feeds.publish(FAKE.alpha.id, { id: 'alphaVid004', title: 'Workshop tour 2024', published: day(9) });
    expect((await checkFeeds()).result).toMatch(/, 1 new videos queued\.$/);
    expect(metadataCalls()).toEqual(['alphaVid004']);

    // shorts wanted again: the next changed feed queues them; streams stay out without a call
    await db()
      .updateTable('channels')
      .set({ channel_overwrites: JSON.stringify({ subscriptions_live_channel_size: 0 }) })
      .execute();
    feeds.publish(FAKE.alpha.id, { id: 'alphaVid003', title: 'Dovetail joints', published: day(10) });
    expect((await checkFeeds()).result).toMatch(/, 3 new videos queued\.$/);
    expect(metadataCalls().sort()).toEqual(['alphaSht001', 'alphaSht002', 'alphaVid003']);
    expect(await queued()).toEqual(
      ['alphaSht001', 'alphaSht002', 'alphaVid003', 'alphaVid004', 'alphaVid005'].map(
        (id) => `${id}:${FAKE.alpha.id}:0`,
      ),
    );
    const types = await db().selectFrom('download_queue').select(['youtube_id', 'vid_type']).execute();
    expect(types.filter((r) => r.youtube_id.startsWith('alphaSht')).map((r) => r.vid_type)).toEqual([
      'shorts',
      'shorts',
    ]);
  });

  it('watches the shorts of a channel whose Videos page size is 0; with every size 0 the feed is not read', async () => {
    await makeChannel(db(), {
      channel_id: FAKE.charlie.id,
      channel_name: FAKE.charlie.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({ subscriptions_channel_size: 0 }),
    });
    await makeChannel(db(), {
      channel_id: FAKE.bravo.id,
      channel_name: FAKE.bravo.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({
        subscriptions_channel_size: 0,
        subscriptions_shorts_channel_size: 0,
        subscriptions_live_channel_size: 0,
      }),
    });
    feeds.setChannel(FAKE.charlie.id, FAKE.charlie.name, [
      { id: 'charlieS001', title: 'Moon in 15 seconds', published: day(4), short: true },
      { id: 'charlieV002', title: 'Collimating a Newtonian', published: day(3) },
    ]);
    feeds.setChannel(FAKE.bravo.id, FAKE.bravo.name, [
      { id: 'bravoVid003', title: 'Why did my loaf collapse?', published: day(3) },
    ]);
    feeds.resetCounts();
    expect((await checkFeeds()).result).toMatch(/^Checked 1 feeds \(0 unchanged\), 1 new videos queued\.$/);
    expect(feeds.counts).toEqual({ ok: 1, notModified: 0, notFound: 0 });
    expect(await queued()).toEqual([`charlieS001:${FAKE.charlie.id}:0`]);
  });

  it('with auto-start on, new feed entries are queued to start and a download run takes them', async () => {
    await makeChannel(db(), {
      channel_id: FAKE.charlie.id,
      channel_name: FAKE.charlie.name,
      channel_subscribed: 1,
    });
    feeds.setChannel(FAKE.charlie.id, FAKE.charlie.name, [
      { id: 'charlieV001', title: 'Night sky in a small telescope', published: day(9) },
    ]);
    await t.container.appConfig.update({ subscriptions: { auto_start: true } });
    const task = await checkFeeds();
    expect(task.result).toMatch(/^Checked 1 feeds \(0 unchanged\), 1 new videos queued\.$/);
    const runs = await db()
      .selectFrom('tasks')
      .select('result')
      .where('name', '=', 'download_pending')
      .execute();
    expect(runs).toEqual([{ result: 'downloaded 1 video(s).' }]);
    const archived = await db().selectFrom('videos').select(['youtube_id', 'channel_id']).execute();
    expect(archived).toEqual([{ youtube_id: 'charlieV001', channel_id: FAKE.charlie.id }]);
    expect(await queued()).toEqual([]);
  });
});
