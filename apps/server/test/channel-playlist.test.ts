import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePlaylist, makeQueueItem, makeVideo } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** Names in the order upstream's lowercased keyword sort gives them. */
const CHANNEL_NAMES = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'Foxtrot', 'golf'];

describe.each(ENGINES)('channel and playlist reads on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  const channelIds = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const userId = (await createUser(t, { username: 'browser' })).id;
    await t.container.userConfig.update(userId, { page_size: 3 });
    user = await sessionClient(t, userId);
    // inserted out of order, every other one subscribed
    for (const [i, name] of [...CHANNEL_NAMES].reverse().entries()) {
      const row = await makeChannel(db, { channel_name: name, channel_subscribed: i % 2 });
      channelIds.set(name, row.channel_id);
    }
    const alpha = channelIds.get('alpha')!;
    await makeVideo(db, { channel_id: alpha, vid_type: 'videos', duration: 3000, media_size: 1000 });
    await makeVideo(db, { channel_id: alpha, vid_type: 'shorts', duration: 600, media_size: 500 });
    await makeVideo(db, { channel_id: alpha, vid_type: 'shorts', duration: 123.7, media_size: 250 });
    await makeQueueItem(db, alpha, 'pending');
    await makeQueueItem(db, channelIds.get('Bravo')!, 'ignore');
    await makeVideo(db, { channel_id: channelIds.get('Bravo')!, vid_type: 'streams' });

    const archived = await makeVideo(db, {
      channel_id: alpha,
      title: 'Archived one',
      duration: 100,
      media_size: 250,
    });
    await makePlaylist(db, {
      playlist_id: 'PLb',
      playlist_name: 'banana bread',
      playlist_channel: 'alpha',
      playlist_channel_id: alpha,
      playlist_subscribed: 1,
      playlist_description: 'Baking all week',
      entries: [
        { youtube_id: archived.youtube_id, title: 'Archived one', uploader: 'alpha' },
        { youtube_id: 'notArchived', title: 'Missing one', uploader: 'alpha' },
      ],
    });
    await makePlaylist(db, { playlist_id: 'PLa', playlist_name: 'Apple pie', playlist_channel_id: alpha });
    await makePlaylist(db, { playlist_id: 'PLc', playlist_name: 'Cherries', playlist_type: 'custom' });
    await makePlaylist(db, { playlist_id: 'PLd', playlist_name: 'dates', playlist_subscribed: 1 });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await user.request({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  const names = (body: { data: { channel_name?: string; playlist_name?: string }[] }) =>
    body.data.map((item) => item.channel_name ?? item.playlist_name ?? '');

  it('lists channels by name ignoring case, page by page', async () => {
    const first = await get('/api/channel/');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['alpha', 'Bravo', 'charlie']);
    expect(first.body.paginate).toMatchObject({ total_hits: 7, last_page: 3, next_pages: [2] });
    expect(names((await get('/api/channel/?page=2')).body)).toEqual(['Delta', 'echo', 'Foxtrot']);
    const last = await get('/api/channel/?page=3');
    expect(names(last.body)).toEqual(['golf']);
    expect(last.body.paginate).toMatchObject({ last_page: false, prev_pages: [2] });
  });

  it('filters channels by subscription', async () => {
    const subscribed = CHANNEL_NAMES.filter((_, i) => (CHANNEL_NAMES.length - 1 - i) % 2 === 1);
    const all = async (filter: string) => {
      const found: string[] = [];
      for (let page = 1; page <= 3; page++)
        found.push(...names((await get(`/api/channel/?filter=${filter}&page=${page}`)).body));
      return found;
    };
    expect(await all('subscribed')).toEqual(subscribed);
    expect(await all('unsubscribed')).toEqual(CHANNEL_NAMES.filter((n) => !subscribed.includes(n)));
    const res = await user.request({ method: 'GET', url: '/api/channel/?filter=favourite' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('filter');
  });

  it('answers one channel, or 404', async () => {
    const alpha = channelIds.get('alpha')!;
    const { status, body } = await get(`/api/channel/${alpha}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      channel_id: alpha,
      channel_name: 'alpha',
      channel_thumb_url: `/cache/channels/${alpha}_thumb.jpg`,
    });
    expect(await get('/api/channel/UCmissing/')).toEqual({
      status: 404,
      body: { error: 'channel not found' },
    });
  });

  it('tells which sub-pages a channel has', async () => {
    expect((await get(`/api/channel/${channelIds.get('alpha')}/nav/`)).body).toEqual({
      has_pending: true,
      has_ignored: false,
      has_playlists: true,
      has_videos: true,
      has_streams: false,
      has_shorts: true,
    });
    expect((await get(`/api/channel/${channelIds.get('Bravo')}/nav/`)).body).toEqual({
      has_pending: false,
      has_ignored: true,
      has_playlists: false,
      has_videos: false,
      has_streams: true,
      has_shorts: false,
    });
    expect((await get('/api/channel/UCmissing/nav/')).status).toBe(404);
  });

  it("totals a channel's videos", async () => {
    const { body } = await get(`/api/channel/${channelIds.get('alpha')}/aggs/`);
    expect(body).toEqual({
      total_items: { value: 4 },
      total_size: { value: 2000 },
      total_duration: { value: 3823, value_str: '1h 03m 43s' },
    });
    const empty = (await get(`/api/channel/${channelIds.get('golf')}/aggs/`)).body;
    expect(empty).toEqual({
      total_items: { value: 0 },
      total_size: { value: 0 },
      total_duration: { value: 0, value_str: 'NA' },
    });
    expect((await get('/api/channel/UCmissing/aggs/')).status).toBe(404);
  });

  it('lists playlists by name ignoring case, with filters', async () => {
    const first = await get('/api/playlist/');
    expect(names(first.body)).toEqual(['Apple pie', 'banana bread', 'Cherries']);
    expect(first.body.paginate).toMatchObject({ total_hits: 4, last_page: 2 });
    expect(names((await get('/api/playlist/?page=2')).body)).toEqual(['dates']);
    const alpha = channelIds.get('alpha')!;
    expect(names((await get(`/api/playlist/?channel=${alpha}`)).body)).toEqual(['Apple pie', 'banana bread']);
    expect(names((await get('/api/playlist/?subscribed=true')).body)).toEqual(['banana bread', 'dates']);
    expect(names((await get('/api/playlist/?subscribed=false')).body)).toEqual(['Apple pie', 'Cherries']);
    expect(names((await get('/api/playlist/?type=custom')).body)).toEqual(['Cherries']);
    expect(names((await get('/api/playlist/?type=regular&subscribed=True')).body)).toEqual([
      'banana bread',
      'dates',
    ]);
    for (const [query, name] of [
      ['?type=smart', 'type'],
      ['?subscribed=perhaps', 'subscribed'],
    ]) {
      const res = await user.request({ method: 'GET', url: `/api/playlist/${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(name);
    }
  });

  it('answers one playlist with entries marked downloaded from the archive, or 404', async () => {
    const { status, body } = await get('/api/playlist/PLb/');
    expect(status).toBe(200);
    expect(body).toEqual({
      _index: 'ta_playlist',
      _score: 0,
      playlist_active: true,
      playlist_channel: 'alpha',
      playlist_channel_id: channelIds.get('alpha'),
      playlist_description: 'Baking all week',
      playlist_entries: [
        {
          downloaded: true,
          idx: 0,
          title: 'Archived one',
          uploader: 'alpha',
          youtube_id: expect.any(String),
        },
        { downloaded: false, idx: 1, title: 'Missing one', uploader: 'alpha', youtube_id: 'notArchived' },
      ],
      playlist_id: 'PLb',
      playlist_last_refresh: '2024-01-01T00:00:00+00:00',
      playlist_name: 'banana bread',
      playlist_sort_order: 'top',
      playlist_subscribed: true,
      playlist_thumbnail: '/cache/playlists/PLb.jpg',
      playlist_type: 'regular',
    });
    expect((await get('/api/playlist/PLa/')).body.playlist_description).toBeNull();
    expect(await get('/api/playlist/PLmissing/')).toEqual({
      status: 404,
      body: { error: 'playlist not found' },
    });
  });
});
