import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo, waitFor } from './helpers/acquisition.ts';
import { makeChannel } from './factories.ts';
import { startFeedStandIn, type FeedStandIn } from './fixtures/feed-stand-in.ts';
import { pushedUpload, signature, startHubStandIn, type HubStandIn } from './fixtures/websub-hub-stand-in.ts';

/**
 * Push (WebSub, issue 16) against a local hub that speaks the protocol over real HTTP: check_feeds
 * subscribes every subscribed channel at the hub, the hub's challenge is echoed only for what we asked,
 * a signed push queues its video within seconds (ignore list, deletes, page sizes per type and auto-start
 * respected), an
 * unsigned or badly signed one is refused and changes nothing, leases are renewed before they end (by
 * check_feeds and by the serving process's own timer), and
 * unsubscribing a channel ends its subscription at the hub.
 */
const topic = (channelId: string) => `https://www.youtube.com/xml/feeds/videos.xml?channel_id=${channelId}`;
const alpha = FAKE.alpha;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let hub: HubStandIn;
let feeds: FeedStandIn;
beforeAll(async () => {
  hub = await startHubStandIn();
  feeds = await startFeedStandIn();
  feeds.setChannel(alpha.id, alpha.name, []);
});
afterAll(async () => {
  await hub.close();
  await feeds.close();
});

describe.each(ENGINES)('WebSub push on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let publicUrl: string;
  let clock = Date.now();
  const db = () => t.database.db;
  const callback = (channelId: string) => `${publicUrl}/api/websub/${channelId}/`;
  const checkFeeds = async (): Promise<string> => {
    const started = await staff.request({ method: 'POST', url: '/api/task/by-name/check_feeds/' });
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
    const task = await staff.request({ method: 'GET', url: `/api/task/by-id/${started.json().task_id}/` });
    return task.json().result;
  };
  const queued = async () =>
    (
      await db()
        .selectFrom('download_queue')
        .select(['youtube_id', 'auto_start'])
        .orderBy('youtube_id')
        .execute()
    ).map((r) => `${r.youtube_id}:${r.auto_start}`);
  const subscription = () =>
    db().selectFrom('websub_subscriptions').selectAll().where('channel_id', '=', alpha.id).executeTakeFirst();
  const push = (id: string, published = clock) =>
    pushedUpload({ id, channelId: alpha.id, channelName: alpha.name, title: `Upload ${id}`, published });

  beforeAll(async () => {
    hub.requests.length = 0;
    hub.verifications.length = 0;
    hub.active.clear();
    hub.leaseSeconds = 600;
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp(
      engine,
      {
        YTDLP_PATH: FAKE_YTDLP_PATH,
        TK_YOUTUBE_FEED_URL: feeds.url,
        TK_PUBLIC_URL: publicUrl,
        TK_WEBSUB_HUB: hub.url,
      },
      { now: () => clock },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({
      downloads: { sleep_interval: 0 },
      subscriptions: { auto_start: false, extract_flat: false },
    });
    await makeChannel(db(), { channel_id: alpha.id, channel_name: alpha.name, channel_subscribed: 1 });
    await makeChannel(db(), {
      channel_id: FAKE.bravo.id,
      channel_name: FAKE.bravo.name,
      channel_subscribed: 0,
    });
    await queueFakeVideo(db(), 'alphaVid003', { status: 'ignore' });
    await db()
      .insertInto('download_blocklist')
      .values({ youtube_id: 'alphaVid004', blocked_at: clock })
      .execute();
  });
  afterAll(async () => {
    await t.container.websub.idle();
    await t.container.jobs.close();
    await t.close();
  });

  it('subscribes each subscribed channel at the hub and echoes the challenge of that request', async () => {
    expect(await checkFeeds()).toContain('Push: 1 subscribed, 0 renewed, 0 unsubscribed at the hub.');
    expect(hub.requests).toEqual([
      {
        mode: 'subscribe',
        topic: topic(alpha.id),
        callback: callback(alpha.id),
        secret: expect.stringMatching(/^[0-9a-f]{64}$/),
        leaseSeconds: '432000',
      },
    ]);
    await waitFor(async () => hub.active.has(topic(alpha.id)), 10_000, 'the hub to verify');
    expect(hub.verifications).toEqual([
      { mode: 'subscribe', topic: topic(alpha.id), status: 200, confirmed: true },
    ]);
    expect(await subscription()).toMatchObject({ state: 'active', lease_expires_at: clock + 600_000 });
    // the channel's health (About tab, Downloads page) shows the push subscription
    const health = await staff.request({ method: 'GET', url: `/api/channel/${alpha.id}/health/` });
    expect(health.json().push).toEqual({
      state: 'active',
      lease_expires_at: new Date(clock + 600_000)
        .toISOString()
        .replace(/\.(\d{3})Z$/, '.$1000+00:00')
        .replace('.000000', ''),
      last_push_at: null,
      error: null,
    });
  });

  it('answers no verification it did not ask for: other mode, other topic, other channel', async () => {
    const verify = (channelId: string, mode: string, forTopic: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/websub/${channelId}/`,
        query: {
          'hub.mode': mode,
          'hub.topic': forTopic,
          'hub.challenge': 'guess',
          'hub.lease_seconds': '60',
        },
      });
    const otherMode = await verify(alpha.id, 'unsubscribe', topic(alpha.id));
    expect([otherMode.statusCode, otherMode.body]).not.toContain('guess');
    expect(otherMode.statusCode).toBe(404);
    expect((await verify(alpha.id, 'subscribe', topic(FAKE.bravo.id))).statusCode).toBe(404);
    expect((await verify(FAKE.bravo.id, 'subscribe', topic(FAKE.bravo.id))).statusCode).toBe(404);
    // the right mode and topic, but the hub verified our request already: anyone can send this GET (the
    // callback is public), and echoing it would let them set the lease we renew by
    const replayed = await verify(alpha.id, 'subscribe', topic(alpha.id));
    expect([replayed.statusCode, replayed.body]).not.toContain('guess');
    expect(replayed.statusCode).toBe(404);
    // the subscription and its lease are as the hub left them
    expect(await subscription()).toMatchObject({ state: 'active', lease_expires_at: clock + 600_000 });
  });

  it("a hub's denial is acknowledged and shown as the channel's last failure", async () => {
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/websub/${alpha.id}/`,
      query: { 'hub.mode': 'denied', 'hub.topic': topic(alpha.id), 'hub.reason': 'topic not allowed' },
    });
    expect(denied.statusCode).toBe(200);
    const health = await staff.request({ method: 'GET', url: `/api/channel/${alpha.id}/health/` });
    expect(health.json().last_failure).toMatchObject({
      source: 'push',
      message: 'the hub denied the subscription: topic not allowed',
    });
  });

  it('refuses an unsigned or badly signed push, which changes nothing', async () => {
    const body = push('alphaVid005');
    const unsigned = await hub.deliver(callback(alpha.id), body, undefined);
    const wrongSecret = await hub.deliver(callback(alpha.id), body, signature('not the secret', body));
    const { secret } = (await subscription())!;
    const otherBody = await hub.deliver(callback(alpha.id), body, signature(secret, push('alphaVid002')));
    expect([unsigned, wrongSecret, otherBody]).toEqual([403, 403, 403]);
    await t.container.websub.idle();
    expect(await queued()).toEqual(['alphaVid003:0']);
    expect((await subscription())!.last_push_at).toBeNull();
  });

  it('queues the video of a signed push within seconds, leaving out ignored, deleted and old ids', async () => {
    const statuses = [
      ...(await hub.publish(topic(alpha.id), push('alphaVid003'))),
      ...(await hub.publish(topic(alpha.id), push('alphaVid004'))),
      // an edit of an upload published long before the subscription: the hub pushes it too
      ...(await hub.publish(topic(alpha.id), push('alphaVid001', clock - 30 * 86_400_000))),
      ...(await hub.publish(topic(alpha.id), push('alphaVid005'))),
    ];
    expect(statuses).toEqual([204, 204, 204, 204]);
    const started = Date.now();
    await waitFor(async () => (await queued()).includes('alphaVid005:0'), 10_000, 'the pushed video');
    expect(Date.now() - started).toBeLessThan(10_000);
    await t.container.websub.idle();
    expect(await queued()).toEqual(['alphaVid003:0', 'alphaVid005:0']);
    const row = await db()
      .selectFrom('download_queue')
      .selectAll()
      .where('youtube_id', '=', 'alphaVid005')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', channel_id: alpha.id, vid_type: 'videos' });
    expect((await subscription())!.last_push_at).toBe(clock);
  });

  it('leaves out a pushed short when the channel takes no shorts (its Shorts page size is 0)', async () => {
    const overwrites = (value: object) =>
      db()
        .updateTable('channels')
        .set({ channel_overwrites: JSON.stringify(value) })
        .where('channel_id', '=', alpha.id)
        .execute();
    await overwrites({ subscriptions_shorts_channel_size: 0 });
    try {
      expect(await hub.publish(topic(alpha.id), push('alphaSht002'))).toEqual([204]);
      await t.container.websub.idle();
      expect(await queued()).toEqual(['alphaVid003:0', 'alphaVid005:0']);
    } finally {
      await overwrites({});
    }
  });

  it('with auto-start on, a pushed video is queued to start and a download run begins', async () => {
    await t.container.appConfig.update({ subscriptions: { auto_start: true } });
    expect(await hub.publish(topic(alpha.id), push('alphaVid002'))).toEqual([204]);
    await waitFor(async () => (await queued()).includes('alphaVid002:1'), 10_000, 'the pushed video');
    await t.container.websub.idle();
    const runs = await db()
      .selectFrom('tasks')
      .select('name')
      .where('name', '=', 'download_pending')
      .execute();
    expect(runs.length).toBe(1);
    await t.container.jobs.idle();
    const archived = await db().selectFrom('videos').select('youtube_id').execute();
    expect(archived.map((v) => v.youtube_id)).toEqual(['alphaVid002']);
    await t.container.appConfig.update({ subscriptions: { auto_start: false } });
  });

  it('renews the lease before it ends, not earlier', async () => {
    expect(await checkFeeds()).toContain('Push: 0 subscribed, 0 renewed');
    expect(hub.requests).toHaveLength(1);
    clock += 301_000; // past half of the 600 s lease the hub granted
    expect(await checkFeeds()).toContain('Push: 0 subscribed, 1 renewed');
    await waitFor(async () => hub.verifications.length === 2, 10_000, 'the renewal to be verified');
    expect(hub.requests.map((r) => r.mode)).toEqual(['subscribe', 'subscribe']);
    expect(hub.requests[1]!.secret).toBe(hub.requests[0]!.secret);
    expect(await subscription()).toMatchObject({ state: 'active', lease_expires_at: clock + 600_000 });
  });

  it('renews the lease without check_feeds too: the serving process syncs on its own', async () => {
    const requests = hub.requests.length;
    const verifications = hub.verifications.length;
    clock += 301_000; // past half of the lease again; no check_feeds runs (its schedule may be off)
    const errors: unknown[] = [];
    t.container.websub.keepLeases((error) => errors.push(error), 50);
    try {
      await waitFor(async () => hub.verifications.length > verifications, 10_000, 'a renewal');
      expect(hub.requests.slice(requests)).toEqual([
        expect.objectContaining({ mode: 'subscribe', topic: topic(alpha.id) }),
      ]);
      expect(await subscription()).toMatchObject({ state: 'active', lease_expires_at: clock + 600_000 });
    } finally {
      t.container.websub.stopKeepingLeases();
      await t.container.websub.idle();
    }
    // the fresh lease is not renewed again by the syncs that follow
    expect(hub.requests.length).toBe(requests + 1);
    expect(errors).toEqual([]);
  });

  it('unsubscribes at the hub when the channel is unsubscribed; a later push is refused', async () => {
    const { secret } = (await subscription())!;
    const res = await staff.request({
      method: 'POST',
      url: `/api/channel/${alpha.id}/`,
      payload: { channel_subscribed: false },
    });
    expect(res.statusCode).toBe(200);
    await waitFor(async () => !hub.active.has(topic(alpha.id)), 10_000, 'the hub to end the subscription');
    await t.container.websub.idle();
    expect(hub.requests.at(-1)).toMatchObject({ mode: 'unsubscribe', topic: topic(alpha.id) });
    expect(hub.verifications.at(-1)).toEqual({
      mode: 'unsubscribe',
      topic: topic(alpha.id),
      status: 200,
      confirmed: true,
    });
    expect(await subscription()).toBeUndefined();
    const late = push('alphaSht001');
    expect(await hub.deliver(callback(alpha.id), late, signature(secret, late))).toBe(404);
    expect(await queued()).toEqual(['alphaVid003:0', 'alphaVid005:0']);
  });

  it("a hub's refusal is kept and shown as the channel's last failure; the next check asks again", async () => {
    hub.refuse = 'Invalid value for hub.callback';
    const requests = hub.requests.length;
    try {
      const res = await staff.request({
        method: 'POST',
        url: `/api/channel/${FAKE.bravo.id}/`,
        payload: { channel_subscribed: true },
      });
      expect(res.statusCode).toBe(200);
      await waitFor(async () => hub.requests.length > requests, 10_000, 'the subscribe request');
      await t.container.websub.idle();
      const health = await staff.request({ method: 'GET', url: `/api/channel/${FAKE.bravo.id}/health/` });
      expect(health.json()).toMatchObject({
        push: { state: 'subscribing', lease_expires_at: null },
        last_failure: {
          source: 'push',
          message: 'hub answered HTTP 400: Invalid value for hub.callback',
          diagnosis: { category: 'unknown' },
        },
      });
    } finally {
      hub.refuse = undefined;
    }
    expect(await checkFeeds()).toContain('Push: 1 subscribed, 0 renewed, 0 unsubscribed at the hub.');
    await waitFor(async () => hub.active.has(topic(FAKE.bravo.id)), 10_000, 'the hub to verify');
  });
});
