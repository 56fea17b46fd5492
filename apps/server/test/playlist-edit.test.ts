import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRow } from '../src/db/tables.ts';
import { makePlaylist, makeVideo, makeWatch } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { tool } from './helpers/import-media.ts';

describe.each(ENGINES)('custom playlists and playlist settings on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  let staffId: number;
  let viewerId: number;
  let videos: VideoRow[];

  const customUrl = (id: string) => `/api/playlist/custom/${id}/`;
  const act = (id: string, action: string, videoId: string, client = staff) =>
    client.request({ method: 'POST', url: customUrl(id), payload: { action, video_id: videoId } });
  const order = async (id: string) =>
    (
      await t.database.db
        .selectFrom('playlist_entries')
        .select(['idx', 'youtube_id'])
        .where('playlist_id', '=', id)
        .orderBy('idx')
        .execute()
    ).map((e) => [e.idx, e.youtube_id]);
  const create = async (name = 'Road trip') =>
    (
      await staff.request({ method: 'POST', url: '/api/playlist/custom/', payload: { playlist_name: name } })
    ).json();

  beforeAll(async () => {
    t = await createTestApp(engine);
    staffId = (await createUser(t, { username: 'curator', staff: true })).id;
    staff = await sessionClient(t, staffId);
    viewerId = (await createUser(t, { username: 'viewer' })).id;
    viewer = await sessionClient(t, viewerId);
    videos = [];
    for (const title of ['One', 'Two', 'Three', 'Four'])
      videos.push(await makeVideo(t.database.db, { title }));
    // real thumbnails, so the playlist art is drawn from the first entry
    for (const video of videos) {
      const thumb = t.container.archivePaths.videoThumb(video.youtube_id);
      fs.mkdirSync(path.dirname(thumb), { recursive: true });
      await tool('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=red:s=160x90',
        '-frames:v',
        '1',
        thumb,
      ]);
    }
  });
  afterAll(() => t.close());

  it('creates an empty custom playlist named TA_playlist_<uuid> with default art', async () => {
    const res = await staff.request({
      method: 'POST',
      url: '/api/playlist/custom/',
      payload: { playlist_name: ' Road trip ' },
    });
    expect(res.statusCode).toBe(200);
    const playlist = res.json();
    expect(playlist.playlist_id).toMatch(
      /^TA_playlist_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(playlist).toMatchObject({
      playlist_name: 'Road trip',
      playlist_type: 'custom',
      playlist_entries: [],
      playlist_channel: null,
      playlist_subscribed: false,
      playlist_active: false,
      playlist_thumbnail: `/cache/playlists/${playlist.playlist_id}.jpg`,
    });
    expect(fs.existsSync(t.container.archivePaths.playlistArt(playlist.playlist_id))).toBe(true);
    const listed = (await viewer.request({ method: 'GET', url: '/api/playlist/?type=custom' })).json();
    expect(listed.data.map((p: { playlist_id: string }) => p.playlist_id)).toContain(playlist.playlist_id);
  });

  it('refuses a missing name; any signed-in user may create one (spec §6)', async () => {
    expect(
      (
        await staff.request({
          method: 'POST',
          url: '/api/playlist/custom/',
          payload: { playlist_name: '  ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await staff.request({ method: 'POST', url: '/api/playlist/custom/', payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await viewer.request({
          method: 'POST',
          url: '/api/playlist/custom/',
          payload: { playlist_name: 'x' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('adds, moves and removes videos, keeping idx 0..n-1 and the video’s playlist list', async () => {
    const { playlist_id: id } = await create();
    const [a, b, c, d] = videos.map((v) => v.youtube_id) as [string, string, string, string];
    for (const videoId of [a, b, c, d, b]) expect((await act(id, 'create', videoId)).statusCode).toBe(200);
    expect(await order(id)).toEqual([
      [0, a],
      [1, b],
      [2, c],
      [3, d],
    ]);
    const shown = (await staff.request({ method: 'GET', url: `/api/video/${a}/` })).json();
    expect(shown.playlist).toContain(id);

    await act(id, 'up', c);
    expect((await order(id)).map((e) => e[1])).toEqual([a, c, b, d]);
    await act(id, 'down', a);
    expect((await order(id)).map((e) => e[1])).toEqual([c, a, b, d]);
    await act(id, 'bottom', c);
    expect((await order(id)).map((e) => e[1])).toEqual([a, b, d, c]);
    const top = (await act(id, 'top', d)).json();
    expect(
      top.playlist_entries.map((e: { youtube_id: string; idx: number }) => [e.idx, e.youtube_id]),
    ).toEqual([
      [0, d],
      [1, a],
      [2, b],
      [3, c],
    ]);
    await act(id, 'up', d);
    await act(id, 'down', c);
    expect((await order(id)).map((e) => e[1])).toEqual([d, a, b, c]);
    await act(id, 'remove', a);
    expect(await order(id)).toEqual([
      [0, d],
      [1, b],
      [2, c],
    ]);
    expect((await staff.request({ method: 'GET', url: `/api/video/${a}/` })).json().playlist).not.toContain(
      id,
    );
    // the art follows the first entry: a 336x189 picture made from its thumbnail
    const probe = await tool('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      t.container.archivePaths.playlistArt(id),
    ]);
    expect(probe.trim()).toBe('336,189');
  });

  it('with watched videos hidden, up and down move past them', async () => {
    const { playlist_id: id } = await create('Hidden watched');
    const [a, b, c] = videos.map((v) => v.youtube_id) as [string, string, string];
    for (const videoId of [a, b, c]) await act(id, 'create', videoId);
    await makeWatch(t.database.db, staffId, b);
    await t.container.userConfig.update(staffId, { hide_watched_playlist: true });
    await act(id, 'up', c);
    expect((await order(id)).map((e) => e[1])).toEqual([c, a, b]);
    await act(id, 'down', c);
    expect((await order(id)).map((e) => e[1])).toEqual([a, c, b]);
    await t.container.userConfig.update(staffId, { hide_watched_playlist: false });
    await act(id, 'down', a);
    expect((await order(id)).map((e) => e[1])).toEqual([c, a, b]);
  });

  it("moves past the caller's own watched videos only", async () => {
    const { playlist_id: id } = await create('Whose watched');
    // not the video the staff member watched in the test before
    const [a, , b, c] = videos.map((v) => v.youtube_id) as [string, string, string, string];
    for (const videoId of [a, b, c]) await act(id, 'create', videoId);
    // the viewer watched b; the staff member, who hides watched videos, did not: b is in their view
    await makeWatch(t.database.db, viewerId, b);
    await t.container.userConfig.update(staffId, { hide_watched_playlist: true });
    await act(id, 'up', c);
    expect((await order(id)).map((e) => e[1])).toEqual([a, c, b]);
    // the viewer hides watched videos too: for them b is hidden, so c moves past it
    await t.container.userConfig.update(viewerId, { hide_watched_playlist: true });
    await act(id, 'down', c, viewer);
    expect((await order(id)).map((e) => e[1])).toEqual([a, b, c]);
    await act(id, 'up', c, viewer);
    expect((await order(id)).map((e) => e[1])).toEqual([c, a, b]);
    await t.container.userConfig.update(staffId, { hide_watched_playlist: false });
  });

  it('answers 404 for a missing playlist or video, 400 for a provider playlist or a bad action', async () => {
    const { playlist_id: id } = await create('Errors');
    const regular = await makePlaylist(t.database.db, { entries: [videos[0]!.youtube_id] });
    expect((await act('TA_playlist_missing', 'create', videos[0]!.youtube_id)).statusCode).toBe(404);
    expect((await act(id, 'create', 'notInArchive')).statusCode).toBe(404);
    const notCustom = await act(regular.playlist_id, 'create', videos[1]!.youtube_id);
    expect(notCustom.statusCode).toBe(400);
    expect(notCustom.json().error).toBe('playlist is not a custom playlist');
    expect((await act(id, 'shuffle', videos[0]!.youtube_id)).statusCode).toBe(400);
    // spec §6: playlist membership is for every signed-in user
    expect((await act(id, 'create', videos[0]!.youtube_id, viewer)).statusCode).toBe(200);
  });

  it('provider playlists: subscription and sort order; custom ones have neither', async () => {
    const regular = await makePlaylist(t.database.db, { playlist_name: 'Provider' });
    const url = `/api/playlist/${regular.playlist_id}/`;
    const subscribed = await staff.request({ method: 'POST', url, payload: { playlist_subscribed: true } });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().playlist_subscribed).toBe(true);
    const sorted = await staff.request({ method: 'POST', url, payload: { playlist_sort_order: 'bottom' } });
    expect(sorted.json()).toMatchObject({ playlist_subscribed: true, playlist_sort_order: 'bottom' });
    const neither = await staff.request({ method: 'POST', url, payload: {} });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error).toContain('expect playlist_subscribed or playlist_sort_order');
    const { playlist_id: customId } = await create('Custom');
    const custom = await staff.request({
      method: 'POST',
      url: `/api/playlist/${customId}/`,
      payload: { playlist_subscribed: true },
    });
    expect(custom.statusCode).toBe(400);
    expect(
      (
        await staff.request({
          method: 'POST',
          url: '/api/playlist/PLmissing/',
          payload: { playlist_subscribed: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await viewer.request({ method: 'POST', url, payload: { playlist_subscribed: false } })).statusCode,
    ).toBe(403);
  });
});
