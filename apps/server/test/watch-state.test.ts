import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedThreshold } from '../src/services/watch-state.service.ts';
import { makeChannel, makePlaylist, makeProgress, makeVideo, watchesOf } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe('watchedThreshold (upstream §1.4)', () => {
  it.each([
    [40, 20],
    [59, 29.5],
    [60, 54],
    [900, 810],
    [901, 721],
    [3600, 3420],
  ])('a %i s video counts as watched from %f s', (duration, threshold) => {
    expect(watchedThreshold(duration)).toBeCloseTo(threshold);
  });
});

describe.each(ENGINES)('watched marks and playback progress on %s', (engine) => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let bobId: number;

  const db = () => t.database.db;
  /** The player object as `client`'s user sees it. */
  const playerFor = async (client: Client, id: string) =>
    (await client.request({ method: 'GET', url: `/api/video/${id}/` })).json().player as {
      watched: boolean;
      watched_date?: number;
    };
  const positions = (id: string) =>
    db()
      .selectFrom('watch_progress')
      .select(['user_id', 'position'])
      .where('youtube_id', '=', id)
      .orderBy('user_id')
      .execute();
  const progress = (client: Client, id: string, position: number) =>
    client.request({ method: 'POST', url: `/api/video/${id}/progress/`, payload: { position } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    aliceId = (await createUser(t, { username: 'alice' })).id;
    bobId = (await createUser(t, { username: 'bob' })).id;
    alice = await sessionClient(t, aliceId);
    bob = await sessionClient(t, bobId);
  });
  afterAll(() => t.close());

  it('marks one video watched for the caller only and drops only the caller’s position; unwatching clears the caller’s mark', async () => {
    const video = await makeVideo(db(), { duration: 500 });
    await makeProgress(db(), aliceId, video.youtube_id, 100);
    await makeProgress(db(), bobId, video.youtube_id, 200);
    const before = Date.now();
    const res = await alice.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: video.youtube_id, is_watched: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: video.youtube_id, is_watched: true });
    const mine = await playerFor(alice, video.youtube_id);
    expect(mine.watched).toBe(true);
    expect(mine.watched_date! * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await watchesOf(db(), video.youtube_id)).toEqual([
      { user_id: aliceId, watched_date: expect.any(Number) },
    ]);
    expect(await positions(video.youtube_id)).toEqual([{ user_id: bobId, position: 200 }]);
    // bob's view is his own: unwatched, his position still there
    const bobs = await playerFor(bob, video.youtube_id);
    expect(bobs).toMatchObject({ watched: false, position: 200 });
    expect(bobs).not.toHaveProperty('watched_date');

    await alice.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: video.youtube_id, is_watched: false },
    });
    expect(await playerFor(alice, video.youtube_id)).not.toHaveProperty('watched_date');
    expect((await playerFor(alice, video.youtube_id)).watched).toBe(false);
    expect(await watchesOf(db(), video.youtube_id)).toEqual([]);
  });

  it('both users marking a video keep a mark each; one unwatching leaves the other’s', async () => {
    const video = await makeVideo(db());
    for (const client of [alice, bob]) {
      const payload = { id: video.youtube_id, is_watched: true };
      expect((await client.request({ method: 'POST', url: '/api/watched/', payload })).statusCode).toBe(200);
    }
    expect((await watchesOf(db(), video.youtube_id)).map((w) => w.user_id)).toEqual([aliceId, bobId]);
    const payload = { id: video.youtube_id, is_watched: false };
    await bob.request({ method: 'POST', url: '/api/watched/', payload });
    expect((await playerFor(alice, video.youtube_id)).watched).toBe(true);
    expect((await playerFor(bob, video.youtube_id)).watched).toBe(false);
  });

  it('a channel id marks every video of the channel for the caller and nothing else', async () => {
    const channel = await makeChannel(db());
    const mine = [
      await makeVideo(db(), { channel_id: channel.channel_id }),
      await makeVideo(db(), { channel_id: channel.channel_id }),
    ];
    const other = await makeVideo(db());
    await makeProgress(db(), aliceId, mine[0]!.youtube_id, 30);
    const res = await alice.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: channel.channel_id, is_watched: true },
    });
    expect(res.statusCode).toBe(200);
    for (const video of mine) {
      expect((await playerFor(alice, video.youtube_id)).watched).toBe(true);
      expect((await playerFor(bob, video.youtube_id)).watched).toBe(false);
    }
    expect((await playerFor(alice, other.youtube_id)).watched).toBe(false);
    expect(await positions(mine[0]!.youtube_id)).toEqual([]);
    // marking the channel unwatched undoes the caller's marks only
    await bob.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: mine[1]!.youtube_id, is_watched: true },
    });
    await alice.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: channel.channel_id, is_watched: false },
    });
    for (const video of mine) expect((await playerFor(alice, video.youtube_id)).watched).toBe(false);
    expect((await playerFor(bob, mine[1]!.youtube_id)).watched).toBe(true);
  });

  it('a playlist id marks the archived videos of the playlist for the caller', async () => {
    const [a, b, outside] = [await makeVideo(db()), await makeVideo(db()), await makeVideo(db())];
    const playlist = await makePlaylist(db(), { entries: [a.youtube_id, 'notArchived1', b.youtube_id] });
    await bob.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: playlist.playlist_id, is_watched: true },
    });
    expect((await playerFor(bob, a.youtube_id)).watched).toBe(true);
    expect((await playerFor(bob, b.youtube_id)).watched).toBe(true);
    expect((await playerFor(bob, outside.youtube_id)).watched).toBe(false);
    expect((await playerFor(alice, a.youtube_id)).watched).toBe(false);
    expect((await playerFor(alice, b.youtube_id)).watched).toBe(false);
  });

  it('refuses unknown ids and bad bodies', async () => {
    const missing = await alice.request({
      method: 'POST',
      url: '/api/watched/',
      payload: { id: 'nothing', is_watched: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('nothing');
    for (const payload of [
      { id: 'x' },
      { id: 'x', is_watched: 'yes' },
      { id: 'x', is_watched: true, extra: 1 },
    ]) {
      expect((await alice.request({ method: 'POST', url: '/api/watched/', payload })).statusCode).toBe(400);
    }
  });

  it('stores a position only past 5 s, per user, and answers the player state', async () => {
    const video = await makeVideo(db(), { duration: 500 });
    const early = await progress(alice, video.youtube_id, 5);
    expect(early.statusCode).toBe(200);
    // upstream's answer: the state with the position sent and the video id set on it (§1.4, issue 15)
    expect(early.json()).toEqual({
      watched: false,
      duration: 500,
      duration_str: '8m 20s',
      position: 5,
      youtube_id: video.youtube_id,
    });
    expect(await positions(video.youtube_id)).toEqual([]);

    const saved = await progress(alice, video.youtube_id, 100);
    expect(saved.json()).toMatchObject({ watched: false, position: 100, progress: 20 });
    await progress(alice, video.youtube_id, 125);
    expect(await positions(video.youtube_id)).toEqual([{ user_id: aliceId, position: 125 }]);
    expect(
      (await alice.request({ method: 'GET', url: `/api/video/${video.youtube_id}/progress/` })).json(),
    ).toMatchObject({
      position: 125,
      progress: 25,
    });
    const bobsView = (
      await bob.request({ method: 'GET', url: `/api/video/${video.youtube_id}/progress/` })
    ).json();
    expect(bobsView.position).toBeUndefined();

    const continueList = (await alice.request({ method: 'GET', url: '/api/video/?watch=continue' })).json();
    expect(continueList.data.map((v: { youtube_id: string }) => v.youtube_id)).toEqual([video.youtube_id]);
    const bobsList = (await bob.request({ method: 'GET', url: '/api/video/?watch=continue' })).json();
    expect(bobsList.data.map((v: { youtube_id: string }) => v.youtube_id)).not.toContain(video.youtube_id);

    const removed = await alice.request({
      method: 'DELETE',
      url: `/api/video/${video.youtube_id}/progress/`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await positions(video.youtube_id)).toEqual([]);
  });

  it.each([
    [40, 19.9, 20],
    [100, 89.9, 90],
    [1000, 819, 820],
  ])(
    'a %i s video turns watched for the caller at its threshold (not at %f, at %f)',
    async (duration, below, at) => {
      const video = await makeVideo(db(), { duration });
      expect((await progress(alice, video.youtube_id, below)).json().watched).toBe(false);
      const crossed = await progress(alice, video.youtube_id, at);
      expect(crossed.json()).toMatchObject({ watched: true, duration });
      expect(crossed.json().watched_date).toBeGreaterThan(0);
      // the answer echoes the position sent; no progress is kept for a watched video
      expect(crossed.json()).toMatchObject({ position: at, youtube_id: video.youtube_id });
      expect(crossed.json().progress).toBeUndefined();
      expect((await playerFor(alice, video.youtube_id)).watched).toBe(true);
      expect(await watchesOf(db(), video.youtube_id)).toEqual([
        { user_id: aliceId, watched_date: expect.any(Number) },
      ]);
      expect(await positions(video.youtube_id)).toEqual([]);
      // a watched video stays watched for its watcher, and a later position is not kept
      expect((await progress(alice, video.youtube_id, 10)).json().watched).toBe(true);
      expect(await positions(video.youtube_id)).toEqual([]);
      // someone else has not watched it: their position is theirs to keep
      expect((await progress(bob, video.youtube_id, 10)).json()).toMatchObject({
        watched: false,
        position: 10,
      });
      expect(await positions(video.youtube_id)).toEqual([{ user_id: bobId, position: 10 }]);
      expect((await playerFor(bob, video.youtube_id)).watched).toBe(false);
    },
  );

  it('answers 404 for an unknown video and 400 for a bad position', async () => {
    expect((await progress(alice, 'noSuchVideo', 30)).statusCode).toBe(404);
    const video = await makeVideo(db());
    for (const payload of [{}, { position: -1 }, { position: 'ten' }]) {
      const res = await alice.request({
        method: 'POST',
        url: `/api/video/${video.youtube_id}/progress/`,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
