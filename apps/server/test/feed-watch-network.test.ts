import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { makeChannel } from './factories.ts';

/**
 * check_feeds (issue 16) when the provider cannot be reached: network down stops the run, as it stops a
 * deep scan and a download run. A feed host that gives no answer gives none for any feed, so the check
 * ends at the first, reads no more feeds, and leaves every subscription's health as it was (the network,
 * not a hundred channels, failed).
 */
const CHANNELS = Array.from({ length: 16 }, (_, i) => `UCnetDown${String(i).padStart(15, '0')}`);

/** A host that takes connections and closes them unanswered (a dead proxy, a cut line): no HTTP answer. */
let host: net.Server;
let connections = 0;
let feedUrl = '';
beforeAll(async () => {
  host = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(host.address() as net.AddressInfo).port}/feeds/videos.xml`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

describe.each(ENGINES)('check_feeds with the network down on %s', (engine) => {
  let t: TestApp;
  let staff: Client;

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH, TK_YOUTUBE_FEED_URL: feedUrl });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    for (const [i, id] of CHANNELS.entries()) {
      await makeChannel(t.database.db, { channel_id: id, channel_name: `Net ${i}`, channel_subscribed: 1 });
    }
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('stops at the first feed without an answer and marks no subscription failing', async () => {
    connections = 0;
    const started = await staff.request({ method: 'POST', url: '/api/task/by-name/check_feeds/' });
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
    const task = (
      await staff.request({ method: 'GET', url: `/api/task/by-id/${started.json().task_id}/` })
    ).json();
    expect(task.status).toBe('FAILURE');
    expect(task.traceback).toMatch(
      /^cannot reach the provider while checking the feed of Net \d+ \(feed unreachable: [^)]+\)\. The check stopped, every subscription left as it was; the feeds are read again at the next check\.$/,
    );
    // four read at once: those already asked finish, no other feed is asked
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(4);
    const report = await staff.request({ method: 'GET', url: '/api/health/?details=true' });
    expect(report.json().failing_subscriptions).toEqual([]);
    const health = await staff.request({ method: 'GET', url: `/api/channel/${CHANNELS[0]}/health/` });
    expect(health.json()).toMatchObject({ failing: false, last_feed_check: null, last_failure: null });
  });
});
