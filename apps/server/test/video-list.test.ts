import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRow } from '../src/db/tables.ts';
import { makeChannel, makePlaylist, makeProgress, makeVideo, makeWatch } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

const SORT_COLUMNS = {
  published: 'published',
  downloaded: 'date_downloaded',
  views: 'view_count',
  likes: 'like_count',
  duration: 'duration',
  mediasize: 'media_size',
  width: 'width',
  height: 'height',
} as const;
const SIZES = [
  [640, 360],
  [1280, 720],
  [1920, 1080],
] as const;
/** Ids that sort differently by code point than by a locale: '-' < 'Z' < '_' < 'a'. */
const TIE_IDS = ['alpha-00001', '_under00001', 'Zeta_000001', '-dash000001'];

/** What a correct answer looks like: by the column, then by youtube_id in the same direction. */
function expectedOrder(rows: VideoRow[], column: keyof VideoRow, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const byId = (a: VideoRow, b: VideoRow) => (a.youtube_id < b.youtube_id ? -1 : 1);
  return [...rows]
    .sort((a, b) => sign * (Number(a[column]) - Number(b[column]) || byId(a, b)))
    .map((r) => r.youtube_id);
}

describe.each(ENGINES)('GET /api/video/ on %s', (engine) => {
  let t: TestApp;
  let reader: Client; // page size 100: sees everything on one page
  let pager: Client; // page size 10
  let other: Client;
  let readerId: number;
  let otherId: number;
  let rows: VideoRow[];
  /** each user's own watched videos (watched is per user) */
  let readerWatched: Set<string>;
  let otherWatched: Set<string>;
  const watchedByReader = (r: VideoRow) => readerWatched.has(r.youtube_id);
  const watchedByOther = (r: VideoRow) => otherWatched.has(r.youtube_id);
  let subscribedChannel: string;
  let playlistOrder: string[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    readerId = (await createUser(t, { username: 'reader' })).id;
    const pagerId = (await createUser(t, { username: 'pager' })).id;
    otherId = (await createUser(t, { username: 'other' })).id;
    await t.container.userConfig.update(readerId, { page_size: 100 });
    await t.container.userConfig.update(pagerId, { page_size: 10 });
    await t.container.userConfig.update(otherId, { page_size: 100 });
    reader = await sessionClient(t, readerId);
    pager = await sessionClient(t, pagerId);
    other = await sessionClient(t, otherId);

    subscribedChannel = (await makeChannel(db, { channel_name: 'Alpha', channel_subscribed: 1 })).channel_id;
    const otherChannel = (await makeChannel(db, { channel_name: 'beta' })).channel_id;
    for (let i = 0; i < 24; i++) {
      const [width, height] = SIZES[i % 3]!;
      await makeVideo(db, {
        channel_id: i % 2 === 0 ? subscribedChannel : otherChannel,
        vid_type: i % 6 === 0 ? 'shorts' : i % 8 === 1 ? 'streams' : 'videos',
        view_count: ((i * 7) % 13) * 100, // repeats: the tie-break decides
        like_count: (i * 5) % 11,
        duration: 30 + ((i * 11) % 17),
        media_size: 1000 * ((i * 3) % 19),
        width,
        height,
        published: Date.UTC(2024, 0, 1 + i),
        date_downloaded: Date.UTC(2025, 0, 30 - i),
      });
    }
    for (const id of TIE_IDS) {
      await makeVideo(db, { youtube_id: id, channel_id: otherChannel, view_count: 5000, like_count: 3 });
    }
    rows = await db.selectFrom('videos').selectAll().execute();
    const ids = rows.map((r) => r.youtube_id);
    // the reader watched every fourth video, the other user every fifth: sets that overlap in one place
    readerWatched = new Set(ids.filter((_, i) => i % 4 === 3));
    otherWatched = new Set(ids.filter((_, i) => i % 5 === 0 || i === 3));
    for (const id of readerWatched) await makeWatch(db, readerId, id);
    for (const id of otherWatched) await makeWatch(db, otherId, id);
    playlistOrder = [ids[5]!, ids[2]!, ids[9]!];
    await makePlaylist(db, {
      playlist_id: 'PLorder',
      entries: [ids[5]!, ids[2]!, 'notInArchive', ids[9]!, ids[2]!],
    });
    const unwatched = rows.filter((r) => !watchedByReader(r) && !watchedByOther(r));
    const watched = rows.find(watchedByReader)!;
    await makeProgress(db, readerId, unwatched[0]!.youtube_id, 30);
    await makeProgress(db, readerId, unwatched[1]!.youtube_id, 12.5);
    await makeProgress(db, readerId, watched.youtube_id, 20);
    await makeProgress(db, otherId, unwatched[2]!.youtube_id, 10);
  });
  afterAll(() => t.close());

  const list = async (client: Client, query = '') => {
    const res = await client.request({ method: 'GET', url: `/api/video/${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: { youtube_id: string; player: Record<string, unknown>; [k: string]: unknown }[];
      paginate: Record<string, unknown>;
    };
  };
  const ids = (body: { data: { youtube_id: string }[] }) => body.data.map((v) => v.youtube_id);

  it('defaults to newest published first, with real totals', async () => {
    const body = await list(reader);
    expect(ids(body)).toEqual(expectedOrder(rows, 'published', 'desc'));
    expect(body.paginate).toMatchObject({ total_hits: 28, max_hits: false, page_size: 100, current_page: 0 });
  });

  it.each(Object.keys(SORT_COLUMNS).flatMap((sort) => [`${sort}:asc`, `${sort}:desc`]))(
    'sorts by %s with a stable tie-break on youtube_id',
    async (spec) => {
      const [sort, order] = spec.split(':') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
      const body = await list(reader, `?sort=${sort}&order=${order}`);
      expect(ids(body)).toEqual(expectedOrder(rows, SORT_COLUMNS[sort], order));
    },
  );

  it('breaks ties by code point on every engine', async () => {
    const body = await list(reader, '?sort=views&order=asc');
    expect(ids(body).slice(-4)).toEqual(['-dash000001', 'Zeta_000001', '_under00001', 'alpha-00001']);
  });

  it('pages with the user page size: first, middle, last and past the end', async () => {
    const all = expectedOrder(rows, 'view_count', 'desc');
    const first = await list(pager, '?sort=views&order=desc');
    expect(ids(first)).toEqual(all.slice(0, 10));
    expect(first.paginate).toEqual({
      page_size: 10,
      page_from: 0,
      prev_pages: null,
      current_page: 0,
      max_hits: false,
      params: 'sort=views&order=desc',
      last_page: 3,
      next_pages: [2],
      total_hits: 28,
    });
    const second = await list(pager, '?sort=views&order=desc&page=2');
    expect(ids(second)).toEqual(all.slice(10, 20));
    expect(second.paginate).toMatchObject({ page_from: 10, prev_pages: [], last_page: 3, next_pages: [] });
    const last = await list(pager, '?sort=views&page=3&order=desc');
    expect(ids(last)).toEqual(all.slice(20));
    expect(last.paginate).toMatchObject({
      current_page: 3,
      last_page: false,
      prev_pages: [2],
      total_hits: 28,
    });
    expect(last.paginate.params).toBe('sort=views&order=desc');
    const beyond = await list(pager, '?sort=views&order=desc&page=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.paginate.total_hits).toBe(28);
  });

  it('filters by channel, type, height and watched state', async () => {
    const expect_ = (predicate: (r: VideoRow) => boolean) =>
      expectedOrder(rows.filter(predicate), 'published', 'desc');
    expect(ids(await list(reader, `?channel=${subscribedChannel}`))).toEqual(
      expect_((r) => r.channel_id === subscribedChannel),
    );
    for (const type of ['videos', 'streams', 'shorts'] as const) {
      const body = await list(reader, `?type=${type}`);
      expect(ids(body), type).toEqual(expect_((r) => r.vid_type === type));
      expect(body.data.length).toBeGreaterThan(0);
    }
    expect(ids(await list(reader, '?height=1080'))).toEqual(expect_((r) => r.height === 1080));
    expect(ids(await list(reader, '?watch=watched'))).toEqual(expect_(watchedByReader));
    expect(ids(await list(reader, '?watch=unwatched'))).toEqual(expect_((r) => !watchedByReader(r)));
    const combined = await list(reader, `?channel=${subscribedChannel}&type=videos&watch=unwatched`);
    expect(ids(combined)).toEqual(
      expect_((r) => r.channel_id === subscribedChannel && r.vid_type === 'videos' && !watchedByReader(r)),
    );
    expect((await list(reader, '?channel=UCnobody')).data).toEqual([]);
  });

  it("filters by the caller's own watched state, with the caller's totals", async () => {
    const expect_ = (predicate: (r: VideoRow) => boolean) =>
      expectedOrder(rows.filter(predicate), 'published', 'desc');
    for (const [client, watched] of [
      [reader, watchedByReader],
      [other, watchedByOther],
    ] as const) {
      const seen = await list(client, '?watch=watched');
      expect(ids(seen)).toEqual(expect_(watched));
      expect(seen.paginate.total_hits).toBe(rows.filter(watched).length);
      for (const video of seen.data) expect(video.player.watched).toBe(true);
      const unseen = await list(client, '?watch=unwatched');
      expect(ids(unseen)).toEqual(expect_((r) => !watched(r)));
      expect(unseen.paginate.total_hits).toBe(rows.filter((r) => !watched(r)).length);
      for (const video of unseen.data) expect(video.player.watched).toBe(false);
      // a type tab and a channel page, each with hide watched (totals from kept figures and from a count)
      const shorts = await list(client, '?type=shorts&watch=unwatched');
      expect(ids(shorts)).toEqual(expect_((r) => r.vid_type === 'shorts' && !watched(r)));
      expect(shorts.paginate.total_hits).toBe(shorts.data.length);
      const channel = await list(client, `?channel=${subscribedChannel}&watch=watched`);
      expect(ids(channel)).toEqual(expect_((r) => r.channel_id === subscribedChannel && watched(r)));
      expect(channel.paginate.total_hits).toBe(channel.data.length);
    }
    // the unfiltered list shows each caller their own marks
    const readers = await list(reader);
    const others = await list(other);
    for (const row of rows) {
      expect(readers.data.find((v) => v.youtube_id === row.youtube_id)!.player.watched).toBe(
        watchedByReader(row),
      );
      expect(others.data.find((v) => v.youtube_id === row.youtube_id)!.player.watched).toBe(
        watchedByOther(row),
      );
    }
  });

  it('lists a playlist in entry order, whatever the sort, once per video', async () => {
    const body = await list(reader, '?playlist=PLorder&sort=views&order=desc');
    expect(ids(body)).toEqual(playlistOrder);
    expect(body.paginate.total_hits).toBe(3);
    for (const video of body.data) expect(video.playlist).toEqual(['PLorder']);
  });

  it("continues only the caller's unfinished, unwatched videos", async () => {
    const mine = await list(reader, '?watch=continue&sort=published&order=desc');
    const unwatched = rows.filter((r) => !watchedByReader(r) && !watchedByOther(r));
    expect(ids(mine).sort()).toEqual([unwatched[0]!.youtube_id, unwatched[1]!.youtube_id].sort());
    expect(ids(await list(other, '?watch=continue'))).toEqual([unwatched[2]!.youtube_id]);
    expect((await list(pager, '?watch=continue&sort=views')).data).toEqual([]);
  });

  it("carries the caller's own position and progress on each item", async () => {
    const unwatched = rows.filter((r) => !watchedByReader(r) && !watchedByOther(r));
    const target = unwatched[0]!;
    const byId = (body: Awaited<ReturnType<typeof list>>, id: string) =>
      body.data.find((v) => v.youtube_id === id)!;
    const mine = byId(await list(reader), target.youtube_id);
    expect(mine.player).toMatchObject({ position: 30, watched: false });
    expect(mine.player.progress).toBeCloseTo((100 * 30) / target.duration, 6);
    const theirs = byId(await list(other), target.youtube_id);
    expect(theirs.player).not.toHaveProperty('position');
    expect(theirs.player).not.toHaveProperty('progress');
    // a watched video shows no position, even with a saved one
    const watched = rows.find(watchedByReader)!;
    expect(byId(await list(reader), watched.youtube_id).player).not.toHaveProperty('position');
  });

  it.each([
    ['?sort=random', 'sort'],
    ['?order=up', 'order'],
    ['?watch=maybe', 'watch'],
    ['?type=movies', 'type'],
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?height=tall', 'height'],
  ])('refuses %s with 400 naming %s', async (query, name) => {
    const res = await reader.request({ method: 'GET', url: `/api/video/${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(name);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/video/' })).statusCode).toBe(403);
  });

  it('totals follow every write: through the API, and from another connection to the file', async () => {
    const unwatchedTotal = async (client = reader) =>
      (await list(client, '?watch=unwatched')).paginate.total_hits as number;
    const before = await unwatchedTotal();
    expect(before).toBe(rows.filter((r) => !watchedByReader(r)).length);
    const othersBefore = await unwatchedTotal(other);
    const target = rows.find((r) => !watchedByReader(r) && !watchedByOther(r))!.youtube_id;
    const mark = async (isWatched: boolean) => {
      const payload = { id: target, is_watched: isWatched };
      expect((await reader.request({ method: 'POST', url: '/api/watched/', payload })).statusCode).toBe(200);
    };
    await mark(true);
    expect(await unwatchedTotal()).toBe(before - 1);
    // the reader's mark is the reader's: the other user's list and total stay
    expect(await unwatchedTotal(other)).toBe(othersBefore);
    expect(ids(await list(other, '?watch=unwatched'))).toContain(target);
    expect(ids(await list(reader, '?watch=unwatched'))).not.toContain(target);
    await mark(false);
    expect(await unwatchedTotal()).toBe(before);
    if (engine !== 'sqlite') return;
    // another process writing the same file (a CLI command): the server's totals see it at once
    const elsewhere = new Database(path.join(t.database.dataDir, 'tubekeeper.db'));
    try {
      elsewhere
        .prepare(
          `INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
           SELECT ?, youtube_id, 1, vid_type, CAST(round(duration * 1000) AS bigint) FROM videos WHERE youtube_id = ?`,
        )
        .run(readerId, target);
      expect(await unwatchedTotal()).toBe(before - 1);
      elsewhere
        .prepare('DELETE FROM video_watches WHERE user_id = ? AND youtube_id = ?')
        .run(readerId, target);
      expect(await unwatchedTotal()).toBe(before);
    } finally {
      elsewhere.close();
    }
  });
});
