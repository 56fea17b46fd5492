import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo } from './helpers/acquisition.ts';
import { makeChannel, makeVideo } from './factories.ts';
import { startFeedStandIn, type FeedStandIn } from './fixtures/feed-stand-in.ts';

/**
 * check_feeds (issue 16) against a local stand-in serving Atom in YouTube's format: a new entry is
 * queued after one run with one metadata call for the new id only; an unchanged feed is answered 304 and
 * costs no provider call (asked with the ETag, or with Last-Modified when the feed sends no ETag); queued,
 * ignored, deleted and archived ids are not queued.
 */
const GONE_CHANNEL = 'UCgoneChannelGoneChannel';
const day = (n: number) => Date.UTC(2024, 0, n);

let feeds: FeedStandIn;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-feeds-'));
beforeAll(async () => {
  feeds = await startFeedStandIn();
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_LOG;
  await feeds.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe.each(ENGINES)('check_feeds on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;
  const log = path.join(logDir, `${engine}.log`);
  const providerCalls = () => readFakeLog(log);
  const checkFeeds = async () => {
    fs.rmSync(log, { force: true });
    feeds.resetCounts();
    const started = await staff.request({ method: 'POST', url: '/api/task/by-name/check_feeds/' });
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
    return (await staff.request({ method: 'GET', url: `/api/task/by-id/${started.json().task_id}/` })).json();
  };
  const queued = async () =>
    (
      await db().selectFrom('download_queue').select(['youtube_id', 'status']).orderBy('youtube_id').execute()
    ).map((r) => `${r.youtube_id}:${r.status}`);

  beforeAll(async () => {
    process.env.FAKE_YTDLP_LOG = log;
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH, TK_YOUTUBE_FEED_URL: feeds.url });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({
      downloads: { sleep_interval: 0 },
      subscriptions: { channel_size: 50, auto_start: false, extract_flat: false },
    });
    await makeChannel(db(), {
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      channel_subscribed: 1,
    });
    // every page size 0 (Videos, Streams, Shorts): the user wants none of its uploads from scans
    await makeChannel(db(), {
      channel_id: FAKE.charlie.id,
      channel_name: FAKE.charlie.name,
      channel_subscribed: 1,
      channel_overwrites: JSON.stringify({
        subscriptions_channel_size: 0,
        subscriptions_live_channel_size: 0,
        subscriptions_shorts_channel_size: 0,
      }),
    });
    await makeChannel(db(), {
      channel_id: GONE_CHANNEL,
      channel_name: 'Gone Channel',
      channel_subscribed: 1,
    });
    feeds.setChannel(FAKE.charlie.id, FAKE.charlie.name, [
      { id: 'charlieV001', title: 'Night sky in a small telescope', published: day(9) },
    ]);
    // the feed lists an archived, a queued, an ignored and a deleted (blocked) video
    await makeVideo(db(), { youtube_id: 'alphaVid001', channel_id: FAKE.alpha.id });
    await queueFakeVideo(db(), 'alphaVid002');
    await queueFakeVideo(db(), 'alphaVid003', { status: 'ignore' });
    await db()
      .insertInto('download_blocklist')
      .values({ youtube_id: 'alphaVid004', blocked_at: day(5) })
      .execute();
    feeds.setChannel(FAKE.alpha.id, FAKE.alpha.name, [
      { id: 'alphaVid004', title: 'Workshop tour 2024', published: day(4) },
      { id: 'alphaVid003', title: 'Dovetail joints for beginners', published: day(3) },
      { id: 'alphaVid002', title: 'Sharpening chisels the easy way', published: day(2) },
      { id: 'alphaVid001', title: 'Building a birdhouse from scrap wood', published: day(1) },
    ]);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('queues nothing and calls the provider for nothing when the feed holds only known videos', async () => {
    const task = await checkFeeds();
    expect(task.result).toMatch(
      /^Checked 2 feeds \(0 unchanged\), 0 new videos queued\. Failed 1: Gone Channel: feed answered HTTP 404/,
    );
    expect(await queued()).toEqual(['alphaVid002:pending', 'alphaVid003:ignore']);
    expect(providerCalls()).toEqual([]);
    expect(feeds.counts).toEqual({ ok: 1, notModified: 0, notFound: 1 });
  });

  it('queues a new upload after one run, with one metadata call for the new id only', async () => {
    feeds.publish(FAKE.alpha.id, {
      id: 'alphaVid005',
      title: 'Finishing with linseed oil',
      published: day(6),
    });
    const task = await checkFeeds();
    expect(task.result).toMatch(/^Checked 2 feeds \(0 unchanged\), 1 new videos queued\./);
    expect(await queued()).toEqual(['alphaVid002:pending', 'alphaVid003:ignore', 'alphaVid005:pending']);
    const calls = providerCalls();
    expect(calls).toHaveLength(1);
    const urls = calls[0]!.argv!.filter((a) => a.startsWith('https://'));
    expect(urls).toEqual(['https://www.youtube.com/watch?v=alphaVid005']);
    const row = await db()
      .selectFrom('download_queue')
      .selectAll()
      .where('youtube_id', '=', 'alphaVid005')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'Finishing with linseed oil',
      channel_id: FAKE.alpha.id,
      vid_type: 'videos',
    });
  });

  it('an unchanged feed is answered 304 and costs no provider call', async () => {
    const task = await checkFeeds();
    expect(task.result).toMatch(/^Checked 2 feeds \(1 unchanged\), 0 new videos queued\./);
    expect(feeds.counts).toEqual({ ok: 0, notModified: 1, notFound: 1 });
    expect(providerCalls()).toEqual([]);
  });

  it('keeps per feed when it was checked, when it last brought an upload and its last error', async () => {
    const rows = await db().selectFrom('feed_checks').selectAll().orderBy('target_id').execute();
    expect(rows.map((r) => [r.target_id, r.kind, r.last_error, r.last_new_at !== null])).toEqual([
      [FAKE.alpha.id, 'channel', null, true],
      [GONE_CHANNEL, 'channel', 'feed answered HTTP 404', false],
    ]);
    expect(rows[0]!.etag).toMatch(/^"[0-9a-f]{16}"$/);
  });

  it('a feed sent with Last-Modified only (no ETag) is asked with If-Modified-Since and answered 304', async () => {
    feeds.validators.etag = false;
    try {
      // feeds never read before: no validators kept
      await db().deleteFrom('feed_checks').execute();
      expect((await checkFeeds()).result).toMatch(/^Checked 2 feeds \(0 unchanged\), 0 new videos queued\./);
      const alpha = await db()
        .selectFrom('feed_checks')
        .selectAll()
        .where('target_id', '=', FAKE.alpha.id)
        .executeTakeFirstOrThrow();
      expect([alpha.etag, alpha.last_modified]).toEqual([null, expect.stringMatching(/ GMT$/)]);
      const task = await checkFeeds();
      expect(task.result).toMatch(/^Checked 2 feeds \(1 unchanged\), 0 new videos queued\./);
      expect(feeds.counts).toEqual({ ok: 0, notModified: 1, notFound: 1 });
      expect(providerCalls()).toEqual([]);
    } finally {
      feeds.validators.etag = true;
    }
  });

  it('GET /api/health/ stays "OK" for anyone; ?details=true gives staff yt-dlp, last download and failing feeds', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(plain.json()).toBe('OK');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health/?details=true' });
    expect(anonymous.statusCode).toBe(403);
    const report = await staff.request({ method: 'GET', url: '/api/health/?details=true' });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({
      status: 'OK',
      read_only: null,
      ytdlp: { version: '2025.01.26', age_days: expect.any(Number) },
      last_download: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      failing_subscriptions: [
        {
          id: GONE_CHANNEL,
          kind: 'channel',
          name: 'Gone Channel',
          source: 'feed',
          last_error: 'feed answered HTTP 404',
          category: 'removed',
          checked_at: expect.stringMatching(/^\d{4}-/),
        },
      ],
      // no REDIS_URL: this server runs every task itself, and none runs now
      task_runners: {
        queue: 'embedded',
        workers: [
          {
            id: 'embedded',
            host: os.hostname(),
            pid: process.pid,
            started_at: expect.stringMatching(/^\d{4}-/),
            seen_at: expect.stringMatching(/^\d{4}-/),
            running: [],
          },
        ],
      },
    });
  });
});
