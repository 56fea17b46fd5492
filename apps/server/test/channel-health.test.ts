import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelHealth, HealthReport, PlaylistHealth } from '@tubekeeper/contract';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { makeChannel, makePlaylist } from './factories.ts';
import { startFeedStandIn, type FeedStandIn } from './fixtures/feed-stand-in.ts';

/**
 * Per-subscription health (issue 16): `GET /api/channel/{id}/health/` and `/api/playlist/{id}/health/` give
 * staff the last feed check, the last deep scan, the errors they have now and the last failure of any
 * with its diagnosis, as the About tab, the playlist page and the Downloads page show them; the failing
 * lists and `GET /api/health/?details=true` name the subscriptions failing now, and one that works again
 * drops out (its last failure kept). The feeds come from the local Atom stand-in, the deep scan from the
 * offline yt-dlp (FAKE_YTDLP_EXTRA_CATALOGUE brings the gone channel back).
 */
const GONE = 'UCgoneChannelGoneChannel';
const GONE_PLAYLIST = 'PLgonePlaylistGonePlaylist00000001';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/;

const extra = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tk-health-')), 'catalogue.json');
beforeAll(() => {
  process.env.FAKE_YTDLP_EXTRA_CATALOGUE = extra;
});
afterAll(() => {
  delete process.env.FAKE_YTDLP_EXTRA_CATALOGUE;
  fs.rmSync(path.dirname(extra), { recursive: true, force: true });
});

describe.each(ENGINES)('channel health on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  const health = async (id: string): Promise<ChannelHealth> => {
    const res = await staff.request({ method: 'GET', url: `/api/channel/${id}/health/` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const playlistHealth = async (id: string): Promise<PlaylistHealth> => {
    const res = await staff.request({ method: 'GET', url: `/api/playlist/${id}/health/` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const failing = async (list: 'channels' | 'playlists') =>
    (
      (await staff.request({ method: 'GET', url: `/api/health/${list}/` })).json() as {
        data: { failing: boolean }[];
      }
    ).data;
  const report = async (): Promise<HealthReport> =>
    (await staff.request({ method: 'GET', url: '/api/health/?details=true' })).json();
  const run = async (task: string) => {
    const started = await staff.request({ method: 'POST', url: `/api/task/by-name/${task}/` });
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
  };

  let feeds: FeedStandIn;

  beforeAll(async () => {
    // each engine starts from the same provider: the gone channel gone, its feed unknown
    fs.writeFileSync(extra, JSON.stringify({ channels: [] }));
    feeds = await startFeedStandIn();
    feeds.setChannel(FAKE.alpha.id, FAKE.alpha.name, []);
    feeds.setPlaylist(FAKE.playlist, 'Best of the fake channels', FAKE.alpha.id, FAKE.alpha.name, []);
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
    await makePlaylist(db, { playlist_id: FAKE.playlist, playlist_name: 'Best of', playlist_subscribed: 1 });
    await makePlaylist(db, {
      playlist_id: GONE_PLAYLIST,
      playlist_name: 'Gone Playlist',
      playlist_subscribed: 1,
    });
    fs.writeFileSync(extra, JSON.stringify({ channels: [] }));
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
    await feeds.close();
  });

  it('says nothing happened yet for a channel never checked', async () => {
    expect(await health(FAKE.alpha.id)).toEqual({
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      subscribed: true,
      failing: false,
      last_feed_check: null,
      feed_error: null,
      last_new_upload: null,
      last_deep_scan: null,
      scan_error: null,
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
    expect(gone.failing).toBe(true);
    expect(gone.feed_error).toBe('feed answered HTTP 404');
    expect(gone.last_failure).toMatchObject({
      source: 'feed',
      message: 'feed answered HTTP 404',
      diagnosis: {
        category: 'removed',
        label: 'Removed',
        advice: expect.stringMatching(/^YouTube has no feed for it/),
      },
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
    expect(gone.scan_error).toContain('This channel does not exist');
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

  it('lists the subscribed channels failing now for the Downloads page', async () => {
    const res = await staff.request({ method: 'GET', url: '/api/health/channels/' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: ChannelHealth[] };
    expect(data.map((h) => [h.channel_id, h.channel_name, h.last_failure?.diagnosis.category])).toEqual([
      [GONE, 'Gone Channel', 'removed'],
    ]);
    expect(data[0]).toEqual(await health(GONE));
    expect((await viewer.request({ method: 'GET', url: '/api/health/channels/' })).statusCode).toBe(403);
  });

  it('keeps the same for playlists: feed check, deep scan, errors and the failing list', async () => {
    const good = await playlistHealth(FAKE.playlist);
    expect(good).toMatchObject({
      playlist_id: FAKE.playlist,
      playlist_name: 'Best of the fake channels',
      subscribed: true,
      failing: false,
      feed_error: null,
      scan_error: null,
      last_failure: null,
    });
    expect(good.last_feed_check).toMatch(ISO);
    expect(good.last_deep_scan).toMatch(ISO);
    const gone = await playlistHealth(GONE_PLAYLIST);
    expect(gone).toMatchObject({
      failing: true,
      feed_error: 'feed answered HTTP 404',
      scan_error: expect.stringContaining('The playlist does not exist'),
      last_failure: { source: 'scan', diagnosis: { category: 'removed' } },
    });
    expect((await failing('playlists')).map((p) => (p as PlaylistHealth).playlist_id)).toEqual([
      GONE_PLAYLIST,
    ]);
    const unknown = await staff.request({ method: 'GET', url: '/api/playlist/PLnoSuchPlaylist/health/' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'playlist not found' }]);
  });

  it('GET /api/health/?details=true names every subscription failing now, with its newest error', async () => {
    const { failing_subscriptions: list } = await report();
    expect(list.map((f) => [f.kind, f.id, f.name, f.source, f.category])).toEqual([
      ['channel', GONE, 'Gone Channel', 'scan', 'removed'],
      ['playlist', GONE_PLAYLIST, 'Gone Playlist', 'scan', 'removed'],
    ]);
    expect(list[0]!.last_error).toContain('This channel does not exist');
    expect(list[0]!.checked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('a subscription that works again drops out of the failing lists; its last failure is kept', async () => {
    // the channel is back at the provider and its feed answers again
    fs.writeFileSync(
      extra,
      JSON.stringify({
        channels: [
          {
            channel_id: GONE,
            channel: 'Gone Channel',
            handle: '@gone',
            custom_url: 'GoneChannel',
            channel_follower_count: 1,
            description: 'Back again.',
            tags: [],
            tabs: { videos: [], streams: [], shorts: [] },
            playlists: [],
          },
        ],
      }),
    );
    feeds.setChannel(GONE, 'Gone Channel', []);
    await run('check_feeds');
    const feedBack = await health(GONE);
    // the deep scan still fails until it runs again
    expect(feedBack).toMatchObject({ failing: true, feed_error: null });
    await run('update_subscribed');
    const back = await health(GONE);
    expect(back).toMatchObject({ failing: false, feed_error: null, scan_error: null });
    expect(back.last_failure).toMatchObject({ source: 'scan', diagnosis: { category: 'removed' } });
    expect(await failing('channels')).toEqual([]);
    expect((await report()).failing_subscriptions.map((f) => f.id)).toEqual([GONE_PLAYLIST]);
    // an unsubscribed playlist is no one's worry
    await t.database.db
      .updateTable('playlists')
      .set({ playlist_subscribed: 0 })
      .where('playlist_id', '=', GONE_PLAYLIST)
      .execute();
    expect(await failing('playlists')).toEqual([]);
    expect((await report()).failing_subscriptions).toEqual([]);
  });

  it('is for staff; an unknown channel is a 404', async () => {
    const asViewer = await viewer.request({ method: 'GET', url: `/api/channel/${FAKE.alpha.id}/health/` });
    expect(asViewer.statusCode).toBe(403);
    const unknown = await staff.request({ method: 'GET', url: '/api/channel/UCnoSuchChannel/health/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'channel not found' });
  });
});
