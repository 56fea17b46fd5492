import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelHealth } from '@tubekeeper/contract';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { makeChannel } from './factories.ts';
import { startFeedStandIn, type FeedStandIn } from './fixtures/feed-stand-in.ts';

/**
 * Per-channel health (issue 16): `GET /api/channel/{id}/health/` gives staff the last feed check, the last
 * deep scan and the last failure of either with its diagnosis, as the About tab and the Downloads page
 * show them. The feeds come from the local Atom stand-in, the deep scan from the offline yt-dlp.
 */
const GONE = 'UCgoneChannelGoneChannel';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/;

let feeds: FeedStandIn;
beforeAll(async () => {
  feeds = await startFeedStandIn();
  feeds.setChannel(FAKE.alpha.id, FAKE.alpha.name, []);
});
afterAll(() => feeds.close());

describe.each(ENGINES)('channel health on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  const health = async (id: string): Promise<ChannelHealth> => {
    const res = await staff.request({ method: 'GET', url: `/api/channel/${id}/health/` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const run = async (task: string) => {
    const started = await staff.request({ method: 'POST', url: `/api/task/by-name/${task}/` });
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH, TK_YOUTUBE_FEED_URL: feeds.url });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    await t.container.appConfig.update({
      downloads: { sleep_interval: 0 },
      subscriptions: { channel_size: 1, live_channel_size: 0, shorts_channel_size: 0, auto_start: false },
    });
    const db = t.database.db;
    await makeChannel(db, {
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      channel_subscribed: 1,
    });
    await makeChannel(db, { channel_id: GONE, channel_name: 'Gone Channel', channel_subscribed: 1 });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('says nothing happened yet for a channel never checked', async () => {
    expect(await health(FAKE.alpha.id)).toEqual({
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      subscribed: true,
      last_feed_check: null,
      feed_error: null,
      last_new_upload: null,
      last_deep_scan: null,
      push: null,
      last_failure: null,
    });
  });

  it('a feed check that fails is the last failure, with its diagnosis', async () => {
    await run('check_feeds');
    const good = await health(FAKE.alpha.id);
    expect(good).toMatchObject({ feed_error: null, last_deep_scan: null, last_failure: null });
    expect(good.last_feed_check).toMatch(ISO);
    const gone = await health(GONE);
    expect(gone.feed_error).toBe('feed answered HTTP 404');
    expect(gone.last_failure).toMatchObject({
      source: 'feed',
      message: 'feed answered HTTP 404',
      diagnosis: { category: 'unknown', label: 'Other failure' },
    });
    expect(gone.last_failure!.at).toMatch(ISO);
  });

  it('the deep scan stamps its time on every channel it went over, and its failure replaces the last one', async () => {
    await run('update_subscribed');
    const good = await health(FAKE.alpha.id);
    expect(good.last_deep_scan).toMatch(ISO);
    expect(good.last_failure).toBeNull();
    const gone = await health(GONE);
    expect(gone.last_deep_scan).toMatch(ISO);
    expect(gone.last_failure).toMatchObject({
      source: 'scan',
      message: expect.stringContaining('This channel does not exist'),
      diagnosis: {
        category: 'removed',
        label: 'Removed',
        advice: 'The provider removed it: not retried. Ignore it to keep it out of the queue.',
        retry_at: null,
      },
    });
    expect(Date.parse(gone.last_failure!.at)).toBeGreaterThanOrEqual(Date.parse(gone.last_feed_check!));
  });

  it('lists the subscribed channels with a kept failure for the Downloads page', async () => {
    const res = await staff.request({ method: 'GET', url: '/api/health/channels/' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: ChannelHealth[] };
    expect(data.map((h) => [h.channel_id, h.channel_name, h.last_failure?.diagnosis.category])).toEqual([
      [GONE, 'Gone Channel', 'removed'],
    ]);
    expect(data[0]).toEqual(await health(GONE));
    expect((await viewer.request({ method: 'GET', url: '/api/health/channels/' })).statusCode).toBe(403);
  });

  it('is for staff; an unknown channel is a 404', async () => {
    const asViewer = await viewer.request({ method: 'GET', url: `/api/channel/${FAKE.alpha.id}/health/` });
    expect(asViewer.statusCode).toBe(403);
    const unknown = await staff.request({ method: 'GET', url: '/api/channel/UCnoSuchChannel/health/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'channel not found' });
  });
});
