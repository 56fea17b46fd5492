import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRow } from '../src/db/tables.ts';
import {
  makeChannel,
  makeComment,
  makePlaylist,
  makeProgress,
  makeSubtitle,
  makeVideo,
} from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe.each(ENGINES)('video detail, similar, comments, nav and progress on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  let stranger: Client;
  let video: VideoRow;
  let bare: VideoRow;
  const channelId = 'UCdetaildetaildetail0001';
  const neighbours: VideoRow[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const userId = (await createUser(t, { username: 'viewer' })).id;
    user = await sessionClient(t, userId);
    stranger = await sessionClient(t, (await createUser(t, { username: 'stranger' })).id);
    await makeChannel(db, {
      channel_id: channelId,
      channel_name: 'Pasta Lab',
      channel_subscribed: 1,
      channel_tvart_url: null,
      channel_overwrites: JSON.stringify({ autodelete_days: 7, nonsense: true }),
    });
    video = await makeVideo(db, {
      youtube_id: 'Xpasta00001',
      channel_id: channelId,
      title: 'Fresh pasta cooking at home',
      description: 'Flour and eggs. https://example.com',
      tags: JSON.stringify(['Cooking', 'pasta', 'italian']),
      category: JSON.stringify(['Howto & Style']),
      published: Date.UTC(2024, 2, 4, 5, 6, 7),
      date_downloaded: Date.UTC(2024, 2, 5),
      vid_last_refresh: Date.UTC(2024, 2, 6),
      duration: 500,
      media_size: 123_456,
      view_count: 1500,
      like_count: 40,
      dislike_count: 2,
      average_rating: 4.5,
      comment_count: 3,
      sponsorblock: JSON.stringify({
        is_enabled: true,
        has_unlocked: false,
        last_refresh: 1_700_000_000,
        segments: [{ UUID: 'abc', segment: [1, 2], category: 'sponsor' }],
      }),
    });
    await makeSubtitle(db, video, 'en', { name: 'English', source: 'user' });
    await makeSubtitle(db, video, 'de', { name: 'Deutsch', source: 'auto', url: 'https://example.com/de' });
    await makeProgress(db, userId, video.youtube_id, 125);

    // related: shared tags score 2 each, shared title words 1 each
    const other = (await makeChannel(db, { channel_name: 'Elsewhere' })).channel_id;
    const related = [
      { title: 'Pasta cooking basics', tags: ['pasta', 'cooking'] }, // 2+2+1+1 = 6
      { title: 'Italian dinner', tags: ['italian'] }, // 2
      { title: 'Homemade pasta', tags: [] }, // 1
      { title: 'Cooking rice', tags: ['cooking'] }, // 2+1 = 3
      { title: 'Fresh bread', tags: ['baking'] }, // 1
      { title: 'Home workshop', tags: [] }, // 1
      { title: 'Pasta sauce', tags: ['sauce'] }, // 1
    ];
    for (const r of related)
      await makeVideo(db, { channel_id: other, title: r.title, tags: JSON.stringify(r.tags) });
    await makeVideo(db, { channel_id: other, title: 'Unrelated gardening', tags: '["garden"]' });
    bare = await makeVideo(db, { channel_id: other, title: 'Nothing in common whatsoever', tags: '[]' });

    // comments: two threads, one with replies, plus a reply to a reply
    await makeComment(db, video.youtube_id, {
      comment_id: 'root1',
      text: 'First!',
      timestamp: 1_709_251_200,
    });
    await makeComment(db, video.youtube_id, {
      comment_id: 'reply1',
      parent_id: 'root1',
      author_is_uploader: 1,
    });
    await makeComment(db, video.youtube_id, { comment_id: 'root2', timestamp: 1_709_298_000 });
    await makeComment(db, video.youtube_id, { comment_id: 'reply2', parent_id: 'reply1' });

    // playlists: the video between two archived neighbours, one entry missing from the archive
    for (let i = 0; i < 3; i++) neighbours.push(await makeVideo(db, { channel_id: channelId }));
    await makePlaylist(db, {
      playlist_id: 'PLnav',
      playlist_name: 'Pasta course',
      playlist_channel: 'Pasta Lab',
      playlist_channel_id: channelId,
      entries: [
        neighbours[0]!.youtube_id,
        'missing0001',
        { youtube_id: video.youtube_id, title: 'Pasta (entry title)', uploader: 'Pasta Lab' },
        'missing0002',
        neighbours[1]!.youtube_id,
      ],
    });
    await makePlaylist(db, { playlist_id: 'PLalone', entries: [video.youtube_id, 'missing0003'] });
    await makePlaylist(db, {
      playlist_id: 'PLstart',
      entries: [video.youtube_id, neighbours[2]!.youtube_id],
    });
  });
  afterAll(() => t.close());

  const get = (url: string, client = user) => client.request({ method: 'GET', url });

  it('answers the video in the upstream shape', async () => {
    const res = await get(`/api/video/${video.youtube_id}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      active: true,
      category: ['Howto & Style'],
      comment_count: 3,
      date_downloaded: Date.UTC(2024, 2, 5) / 1000,
      description: 'Flour and eggs. https://example.com',
      media_size: 123_456,
      media_url: `/youtube/${channelId}/Xpasta00001.mp4`,
      player: { watched: false, duration: 500, duration_str: '8m 20s', position: 125, progress: 25 },
      playlist: ['PLalone', 'PLnav', 'PLstart'],
      published: '2024-03-04T05:06:07+00:00',
      vid_last_refresh: '2024-03-06T00:00:00+00:00',
      stats: { view_count: 1500, like_count: 40, dislike_count: 2, average_rating: 4.5 },
      tags: ['Cooking', 'pasta', 'italian'],
      title: 'Fresh pasta cooking at home',
      vid_thumb_url: '/cache/videos/x/Xpasta00001.jpg',
      vid_thumb: '/cache/videos/x/Xpasta00001.jpg',
      vid_type: 'videos',
      youtube_id: 'Xpasta00001',
    });
    expect(body.streams).toEqual([
      { index: 0, type: 'video', codec: 'h264', bitrate: 1_000_000, width: 1280, height: 720 },
      { index: 1, type: 'audio', codec: 'aac', bitrate: 128_000 },
    ]);
    expect(body.subtitles).toEqual([
      {
        ext: 'vtt',
        lang: 'de',
        media_url: `/youtube/${channelId}/Xpasta00001.de.vtt`,
        name: 'Deutsch',
        source: 'auto',
        url: 'https://example.com/de',
      },
      expect.objectContaining({
        lang: 'en',
        media_url: `/youtube/${channelId}/Xpasta00001.en.vtt`,
        url: null,
      }),
    ]);
    expect(body.sponsorblock).toMatchObject({
      is_enabled: true,
      has_unlocked: false,
      segments: [{ UUID: 'abc' }],
    });
    expect(body.channel).toEqual({
      channel_active: true,
      channel_banner_url: `/cache/channels/${channelId}_banner.jpg`,
      channel_description: null,
      channel_id: channelId,
      channel_last_refresh: '2024-01-01T00:00:00+00:00',
      channel_name: 'Pasta Lab',
      channel_overwrites: { autodelete_days: 7 },
      channel_subs: 1000,
      channel_subscribed: true,
      channel_tabs: ['videos'],
      channel_tags: [],
      channel_thumb_url: `/cache/channels/${channelId}_thumb.jpg`,
      channel_tvart_url: null,
      channel_views: 0,
    });
    expect(Object.keys(body)).toEqual([...Object.keys(body)].sort());
  });

  it('answers 404 for an unknown video on every video route', async () => {
    for (const suffix of ['', 'similar/', 'comment/', 'nav/', 'progress/']) {
      const res = await get(`/api/video/nope0000000/${suffix}`);
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json()).toEqual({ error: 'video not found' });
    }
  });

  it('finds six similar videos, best match first, never the video itself', async () => {
    const res = await get(`/api/video/${video.youtube_id}/similar/`);
    expect(res.statusCode).toBe(200);
    const titles = (res.json() as { title: string; youtube_id: string }[]).map((v) => v.title);
    expect(titles).toHaveLength(6);
    expect(titles[0]).toBe('Pasta cooking basics');
    expect(titles[1]).toBe('Cooking rice');
    expect(titles).not.toContain('Fresh pasta cooking at home');
    expect(titles).not.toContain('Unrelated gardening');
  });

  it('falls back to the same channel when nothing else is related', async () => {
    const res = await get(`/api/video/${bare.youtube_id}/similar/`);
    const found = res.json() as { youtube_id: string; channel: { channel_name: string } }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(6);
    expect(found.every((v) => v.channel.channel_name === 'Elsewhere')).toBe(true);
    expect(found.map((v) => v.youtube_id)).not.toContain(bare.youtube_id);
  });

  it('returns the comment tree with replies under their thread', async () => {
    const res = await get(`/api/video/${video.youtube_id}/comment/`);
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree.map((c: { comment_id: string }) => c.comment_id)).toEqual(['root1', 'root2']);
    expect(tree[0]).toMatchObject({
      comment_id: 'root1',
      comment_parent: 'root',
      comment_text: 'First!',
      comment_timestamp: 1_709_251_200,
      comment_time_text: '2024-03-01',
      comment_author_is_uploader: false,
      comment_is_favorited: false,
    });
    expect(tree[0].comment_replies.map((c: { comment_id: string }) => c.comment_id)).toEqual([
      'reply1',
      'reply2',
    ]);
    expect(tree[0].comment_replies[0]).toMatchObject({
      comment_parent: 'root1',
      comment_author_is_uploader: true,
      comment_replies: [],
    });
    expect(tree[1]).toMatchObject({ comment_time_text: '2024-03-01 13:00', comment_replies: [] });
  });

  it('returns an empty list for a video without comments', async () => {
    const res = await get(`/api/video/${bare.youtube_id}/comment/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('navigates each playlist over archived entries only', async () => {
    const res = await get(`/api/video/${video.youtube_id}/nav/`);
    expect(res.statusCode).toBe(200);
    const nav = res.json();
    // PLalone has only one archived entry, so it gives no navigation
    expect(nav.map((n: { playlist_meta: { playlist_id: string } }) => n.playlist_meta.playlist_id)).toEqual([
      'PLnav',
      'PLstart',
    ]);
    expect(nav[0]).toEqual({
      playlist_meta: {
        current_idx: 2,
        playlist_channel: 'Pasta Lab',
        playlist_id: 'PLnav',
        playlist_name: 'Pasta course',
      },
      playlist_previous: {
        downloaded: true,
        idx: 0,
        title: neighbours[0]!.title,
        uploader: 'Pasta Lab',
        vid_thumb: `/cache/videos/${neighbours[0]!.youtube_id[0]}/${neighbours[0]!.youtube_id}.jpg`,
        youtube_id: neighbours[0]!.youtube_id,
      },
      playlist_next: expect.objectContaining({ idx: 4, youtube_id: neighbours[1]!.youtube_id }),
    });
    expect(nav[1]).toMatchObject({
      playlist_meta: { current_idx: 0 },
      playlist_previous: null,
      playlist_next: { youtube_id: neighbours[2]!.youtube_id },
    });
    const last = (await get(`/api/video/${neighbours[1]!.youtube_id}/nav/`)).json();
    expect(last[0]).toMatchObject({
      playlist_previous: { youtube_id: video.youtube_id, title: 'Pasta (entry title)', idx: 2 },
      playlist_next: null,
    });
    expect((await get(`/api/video/${bare.youtube_id}/nav/`)).json()).toEqual([]);
  });

  it("reads the caller's playback state", async () => {
    const mine = await get(`/api/video/${video.youtube_id}/progress/`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      watched: false,
      duration: 500,
      duration_str: '8m 20s',
      position: 125,
      progress: 25,
    });
    const theirs = await get(`/api/video/${video.youtube_id}/progress/`, stranger);
    expect(theirs.json()).toEqual({ watched: false, duration: 500, duration_str: '8m 20s' });
  });

  it('shows each caller their own watched mark in the detail, similar videos, search and playback state', async () => {
    const similar = (await get(`/api/video/${video.youtube_id}/similar/`)).json() as { youtube_id: string }[];
    const target = similar[0]!.youtube_id;
    const payload = { id: target, is_watched: true };
    expect((await user.request({ method: 'POST', url: '/api/watched/', payload })).statusCode).toBe(200);
    for (const [client, watched] of [
      [user, true],
      [stranger, false],
    ] as const) {
      expect((await get(`/api/video/${target}/`, client)).json().player.watched).toBe(watched);
      const again = (await get(`/api/video/${video.youtube_id}/similar/`, client)).json();
      expect(again.find((v: { youtube_id: string }) => v.youtube_id === target).player.watched).toBe(watched);
      expect((await get(`/api/video/${target}/progress/`, client)).json().watched).toBe(watched);
      const search = (await get('/api/search/?query=pasta', client)).json();
      const hit = search.results.video_results.find((v: { youtube_id: string }) => v.youtube_id === target);
      expect(hit.player.watched).toBe(watched);
    }
  });
});
