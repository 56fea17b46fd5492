import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentLocalDays } from '../src/services/local-days.ts';
import { pythonTitle } from '../src/services/stats.service.ts';
import { makeChannel, makePlaylist, makeQueueItem, makeVideo, makeWatch } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe('recentLocalDays', () => {
  it('gives today and the seven days before it, each starting at local midnight, across a DST change', () => {
    // New York moved to summer time on 2024-03-10 at 02:00
    const { days, until } = recentLocalDays(Date.parse('2024-03-12T03:30:00Z'), 'America/New_York', 7);
    expect(new Date(until).toISOString()).toBe('2024-03-12T04:00:00.000Z');
    expect(days.map((d) => d.date)).toEqual([
      '2024-03-11',
      '2024-03-10',
      '2024-03-09',
      '2024-03-08',
      '2024-03-07',
      '2024-03-06',
      '2024-03-05',
      '2024-03-04',
    ]);
    expect(new Date(days[0]!.start).toISOString()).toBe('2024-03-11T04:00:00.000Z');
    expect(new Date(days[1]!.start).toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(new Date(days[7]!.start).toISOString()).toBe('2024-03-04T05:00:00.000Z');
  });
});

describe('pythonTitle', () => {
  it('upper-cases each letter that follows a non-letter, as Python’s str.title()', () => {
    expect(pythonTitle("it's 3d-art by the ümlaut crew")).toBe("It'S 3D-Art By The Ümlaut Crew");
  });
});

// Asia/Kolkata is UTC+05:30 all year, so the test can place downloads on local days by arithmetic.
const ZONE_OFFSET = 5.5 * 3_600_000;
const DAY = 86_400_000;
/** Epoch ms of local midnight `back` days before today in Asia/Kolkata. */
const localMidnight = (back: number) => {
  const local = Date.now() + ZONE_OFFSET;
  return local - (local % DAY) - back * DAY - ZONE_OFFSET;
};
const localDate = (back: number) => new Date(localMidnight(back) + ZONE_OFFSET).toISOString().slice(0, 10);

describe.each(ENGINES)('statistics (upstream §5) on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  let viewerId: number;
  const get = async (client: Client, url: string) => {
    const res = await client.request({
      method: 'GET',
      url,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { TZ: 'Asia/Kolkata' });
    staff = await sessionClient(t, (await createUser(t, { username: 'boss', staff: true })).id);
    viewerId = (await createUser(t, { username: 'viewer' })).id;
    viewer = await sessionClient(t, viewerId);
  });
  afterAll(() => t.close());

  it('answers an empty archive with zeros and null buckets', async () => {
    expect(await get(viewer, '/api/stats/video/')).toEqual({
      doc_count: 0,
      media_size: 0,
      duration: 0,
      duration_str: 'NA',
      type_videos: null,
      type_shorts: null,
      type_streams: null,
      active_true: null,
      active_false: null,
    });
    const noneOf = {
      doc_count: 0,
      active_true: null,
      active_false: null,
      subscribed_true: null,
      subscribed_false: null,
    };
    expect(await get(viewer, '/api/stats/channel/')).toEqual(noneOf);
    expect(await get(viewer, '/api/stats/playlist/')).toEqual(noneOf);
    expect(await get(viewer, '/api/stats/download/')).toEqual({
      pending: null,
      ignore: null,
      pending_videos: null,
      pending_shorts: null,
      pending_streams: null,
    });
    expect(await get(viewer, '/api/stats/watch/')).toEqual({
      total: { duration: 0, duration_str: 'NA', items: 0 },
      watched: null,
      unwatched: null,
    });
    expect(await get(viewer, '/api/stats/downloadhist/')).toEqual([]);
    expect(await get(viewer, '/api/stats/biggestchannels/')).toEqual([]);
  });

  it('rejects an unknown biggest-channels order with a message', async () => {
    const res = await viewer.request({ method: 'GET', url: '/api/stats/biggestchannels/?order=views' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('order must be one of doc_count, duration, media_size');
  });

  it('refuses a visitor who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/video/' });
    expect(res.statusCode).toBe(403);
  });

  describe('on an archive with known numbers', () => {
    const ids = {
      a: 'UCaaaaaaaaaaaaaaaaaaaaaa',
      b: 'UCbbbbbbbbbbbbbbbbbbbbbb',
      c: 'UCcccccccccccccccccccccc',
    };

    beforeAll(async () => {
      const db = t.database.db;
      await makeChannel(db, { channel_id: ids.a, channel_name: "it's THE best", channel_subscribed: 1 });
      await makeChannel(db, { channel_id: ids.b, channel_name: 'Bee Channel' });
      // the provider no longer has this one
      await makeChannel(db, { channel_id: ids.c, channel_name: 'gone 3d', channel_active: 0 });
      const video = (id: string, fields: Parameters<typeof makeVideo>[1]) =>
        makeVideo(db, { youtube_id: id, ...fields });
      await video('a1', { channel_id: ids.a, media_size: 1000, duration: 100.4 });
      await video('a2', { channel_id: ids.a, vid_type: 'shorts', media_size: 500, duration: 30.3 });
      await video('b1', { channel_id: ids.b, media_size: 2000, duration: 3600 });
      await video('c1', {
        channel_id: ids.c,
        vid_type: 'streams',
        active: 0,
        media_size: 4000,
        duration: 50.5,
      });
      await video('c2', { channel_id: ids.c, active: 0, media_size: 100, duration: 10 });
      // the viewer has watched a1 and c2; the staff member nothing yet (watched is per user)
      await makeWatch(db, viewerId, 'a1');
      await makeWatch(db, viewerId, 'c2');
      // downloads: today and three days ago; two days ago has none; the oldest day counted is 7 days back
      // from its first moment, one second earlier is outside the week
      const downloaded = {
        a1: localMidnight(0) + 1000,
        a2: localMidnight(0) + 2 * 3_600_000,
        b1: localMidnight(1) + DAY - 1000,
        c1: localMidnight(7),
        c2: localMidnight(7) - 1000,
      };
      for (const [id, at] of Object.entries(downloaded))
        await db.updateTable('videos').set({ date_downloaded: at }).where('youtube_id', '=', id).execute();
      await makePlaylist(db, { playlist_subscribed: 1 });
      await makePlaylist(db, { playlist_type: 'custom' });
      await makePlaylist(db, { playlist_active: 0 });
      await makeQueueItem(db, ids.a);
      await makeQueueItem(db, ids.a);
      const short = await makeQueueItem(db, ids.b);
      await db
        .updateTable('download_queue')
        .set({ vid_type: 'shorts' })
        .where('youtube_id', '=', short)
        .execute();
      await makeQueueItem(db, ids.b, 'ignore');
    });

    it('gives the video totals, by type and by active flag', async () => {
      expect(await get(viewer, '/api/stats/video/')).toEqual({
        doc_count: 5,
        media_size: 7600,
        duration: 3791,
        duration_str: '1h 03m 11s',
        type_videos: { doc_count: 3, media_size: 3100, duration: 3710, duration_str: '1h 01m 50s' },
        type_shorts: { doc_count: 1, media_size: 500, duration: 30, duration_str: '30s' },
        type_streams: { doc_count: 1, media_size: 4000, duration: 50, duration_str: '50s' },
        active_true: { doc_count: 3, media_size: 3500, duration: 3730, duration_str: '1h 02m 10s' },
        active_false: { doc_count: 2, media_size: 4100, duration: 60, duration_str: '1m' },
      });
    });

    it('counts channels and playlists by active and subscribed', async () => {
      expect(await get(viewer, '/api/stats/channel/')).toEqual({
        doc_count: 3,
        active_true: 2,
        active_false: 1,
        subscribed_true: 1,
        subscribed_false: 2,
      });
      expect(await get(viewer, '/api/stats/playlist/')).toEqual({
        doc_count: 3,
        active_true: 2,
        active_false: 1,
        subscribed_true: 1,
        subscribed_false: 2,
      });
    });

    it('counts the queue by status and the pending items by type', async () => {
      expect(await get(viewer, '/api/stats/download/')).toEqual({
        pending: 3,
        ignore: 1,
        pending_videos: 2,
        pending_shorts: 1,
        pending_streams: null,
      });
    });

    const nothingWatched = {
      total: { duration: 3791, duration_str: '1h 03m 11s', items: 5 },
      watched: null,
      unwatched: { duration: 3791, duration_str: '1h 03m 11s', progress: 1, items: 5 },
    };

    it("splits the duration into the caller's watched and unwatched", async () => {
      expect(await get(viewer, '/api/stats/watch/')).toEqual({
        total: { duration: 3791, duration_str: '1h 03m 11s', items: 5 },
        watched: { duration: 110, duration_str: '1m 50s', progress: 110 / 3791, items: 2 },
        unwatched: { duration: 3680, duration_str: '1h 01m 20s', progress: 3680 / 3791, items: 3 },
      });
      // the same archive, another user who has watched nothing
      expect(await get(staff, '/api/stats/watch/')).toEqual(nothingWatched);
    });

    it("gives each user their own watch figures: a user's mark is theirs, a saved position is not watched", async () => {
      // two users watching different videos: one finishes a2, the other is part way into b1
      const mark = await viewer.request({
        method: 'POST',
        url: '/api/watched/',
        payload: { id: 'a2', is_watched: true },
      });
      expect(mark.statusCode, mark.body).toBe(200);
      const position = await staff.request({
        method: 'POST',
        url: '/api/video/b1/progress/',
        payload: { position: 600 },
      });
      expect(position.statusCode, position.body).toBe(200);
      expect(await get(viewer, '/api/stats/watch/')).toEqual({
        total: { duration: 3791, duration_str: '1h 03m 11s', items: 5 },
        watched: { duration: 140, duration_str: '2m 20s', progress: 140 / 3791, items: 3 },
        unwatched: { duration: 3650, duration_str: '1h 50s', progress: 3650 / 3791, items: 2 },
      });
      expect(await get(staff, '/api/stats/watch/')).toEqual(nothingWatched);
      // the staff member marks the stream c1: their figures move, the viewer's do not
      await staff.request({ method: 'POST', url: '/api/watched/', payload: { id: 'c1', is_watched: true } });
      expect(await get(staff, '/api/stats/watch/')).toEqual({
        total: { duration: 3791, duration_str: '1h 03m 11s', items: 5 },
        watched: { duration: 50, duration_str: '50s', progress: 50 / 3791, items: 1 },
        unwatched: { duration: 3740, duration_str: '1h 02m 20s', progress: 3740 / 3791, items: 4 },
      });
      expect((await get(viewer, '/api/stats/watch/')).watched).toMatchObject({ duration: 140, items: 3 });
      await viewer.request({
        method: 'POST',
        url: '/api/watched/',
        payload: { id: 'a2', is_watched: false },
      });
      expect((await get(viewer, '/api/stats/watch/')).watched).toMatchObject({ duration: 110, items: 2 });
      await staff.request({ method: 'POST', url: '/api/watched/', payload: { id: 'c1', is_watched: false } });
      expect(await get(staff, '/api/stats/watch/')).toEqual(nothingWatched);
    });

    it('lists the days of the last week with downloads in TZ, newest first', async () => {
      expect(await get(viewer, '/api/stats/downloadhist/')).toEqual([
        { date: localDate(0), count: 2, media_size: 1500 },
        { date: localDate(1), count: 1, media_size: 2000 },
        { date: localDate(7), count: 1, media_size: 4000 },
      ]);
    });

    it('ranks the biggest channels by each order, names as upstream spells them', async () => {
      const names = async (order: string) =>
        ((await get(viewer, `/api/stats/biggestchannels/?order=${order}`)) as { name: string }[]).map(
          (c) => c.name,
        );
      // A and C both have 2 videos: the id breaks the tie
      expect(await get(viewer, '/api/stats/biggestchannels/')).toEqual([
        {
          id: ids.a,
          name: "It'S The Best",
          doc_count: 2,
          duration: 130.7,
          duration_str: '2m 10s',
          media_size: 1500,
        },
        { id: ids.c, name: 'Gone 3D', doc_count: 2, duration: 60.5, duration_str: '1m', media_size: 4100 },
        {
          id: ids.b,
          name: 'Bee Channel',
          doc_count: 1,
          duration: 3600,
          duration_str: '1h',
          media_size: 2000,
        },
      ]);
      expect(await names('duration')).toEqual(['Bee Channel', "It'S The Best", 'Gone 3D']);
      expect(await names('media_size')).toEqual(['Gone 3D', 'Bee Channel', "It'S The Best"]);
    });

    it('keeps every figure true through watched marks, edits, deletes and queue changes', async () => {
      await staff.request({ method: 'POST', url: '/api/watched/', payload: { id: ids.b, is_watched: true } });
      await t.database.db
        .updateTable('videos')
        .set({ vid_type: 'shorts', media_size: 2500 })
        .where('youtube_id', '=', 'b1')
        .execute();
      const removed = await staff.request({ method: 'DELETE', url: '/api/video/c1/' });
      expect(removed.statusCode, removed.body).toBe(204);
      await t.database.db
        .updateTable('download_queue')
        .set({ status: 'ignore' })
        .where('vid_type', '=', 'shorts')
        .execute();

      const videos = await get(viewer, '/api/stats/video/');
      expect(videos).toMatchObject({
        doc_count: 4,
        media_size: 4100,
        duration: 3740,
        type_videos: { doc_count: 2, media_size: 1100, duration: 110 },
        type_shorts: { doc_count: 2, media_size: 3000, duration: 3630 },
        type_streams: null,
        active_false: { doc_count: 1, media_size: 100, duration: 10 },
      });
      // the viewer's a1 and c2, the staff member's b1
      const watch = await get(viewer, '/api/stats/watch/');
      expect(watch.watched).toMatchObject({ duration: 110, items: 2 });
      expect(watch.unwatched).toMatchObject({ duration: 3630, items: 2 });
      const staffs = await get(staff, '/api/stats/watch/');
      expect(staffs.watched).toMatchObject({ duration: 3600, items: 1 });
      expect(staffs.unwatched).toMatchObject({ duration: 140, items: 3 });
      // b1 became a short: the type tab's watched total follows
      const shorts = (
        await staff.request({ method: 'GET', url: '/api/video/?type=shorts&watch=watched' })
      ).json();
      expect(shorts.paginate.total_hits).toBe(1);
      expect(shorts.data.map((v: { youtube_id: string }) => v.youtube_id)).toEqual(['b1']);
      expect(await get(viewer, '/api/stats/download/')).toEqual({
        pending: 2,
        ignore: 2,
        pending_videos: 2,
        pending_shorts: null,
        pending_streams: null,
      });
      const biggest = await get(viewer, '/api/stats/biggestchannels/?order=media_size');
      expect(biggest.map((c: { id: string; media_size: number }) => [c.id, c.media_size])).toEqual([
        [ids.b, 2500],
        [ids.a, 1500],
        [ids.c, 100],
      ]);

      // one statement over many rows (PostgreSQL keeps the totals per statement): every duration doubles,
      // and the watched figures follow through the marks' copies
      await t.database.db
        .updateTable('videos')
        .set({ duration: sql<number>`duration * 2`, media_size: sql<number>`media_size * 2` })
        .execute();
      expect((await get(viewer, '/api/stats/watch/')).watched).toMatchObject({ duration: 220, items: 2 });
      expect((await get(staff, '/api/stats/watch/')).watched).toMatchObject({ duration: 7200, items: 1 });
      await t.database.db.deleteFrom('video_watches').execute();
      for (const client of [viewer, staff]) {
        const after = await get(client, '/api/stats/watch/');
        expect(after.watched).toBeNull();
        expect(after.unwatched).toMatchObject({ duration: 7481, items: 4, progress: 1 });
      }
      expect((await get(viewer, '/api/stats/video/')).media_size).toBe(8200);
      await t.database.db.deleteFrom('download_queue').execute();
      expect(await get(viewer, '/api/stats/download/')).toMatchObject({ pending: null, ignore: null });
    });

    it("a deleted user's marks leave no figures behind", async () => {
      const leaver = await createUser(t, { username: 'leaver' });
      const client = await sessionClient(t, leaver.id);
      await client.request({
        method: 'POST',
        url: '/api/watched/',
        payload: { id: ids.a, is_watched: true },
      });
      expect((await get(client, '/api/stats/watch/')).watched).toMatchObject({ items: 2 });
      await t.database.db.deleteFrom('users').where('id', '=', leaver.id).execute();
      expect(await t.database.db.selectFrom('video_watches').selectAll().execute()).toEqual([]);
      const left = await t.database.db
        .selectFrom('user_watch_totals')
        .select((eb) => eb.fn.sum<number>('doc_count').as('n'))
        .where('user_id', '=', leaver.id)
        .executeTakeFirst();
      expect(Number(left?.n ?? 0)).toBe(0);
    });
  });
});
