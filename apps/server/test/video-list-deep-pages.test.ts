// Deep pages of GET /api/video/ start from kept keyset anchors (repositories/video-list-anchors.ts, one every
// 120 rows). A page must be the one OFFSET would give, for every sort, order and filter, and must follow a
// write made elsewhere (another connection: a CLI command, or on PostgreSQL a worker process).
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres-open.ts';
import type { SearchThreads } from '../src/db/search/search-threads.ts';
import type { VideoRow } from '../src/db/tables.ts';
import { makeChannel } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

const VIDEOS = 1_300;
const PAGE_SIZE = 50;

/** By the column, then by youtube_id (code point) in the same direction: what the list must answer. */
function expectedOrder(rows: VideoRow[], column: 'view_count' | 'published', order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const byId = (a: VideoRow, b: VideoRow) => (a.youtube_id < b.youtube_id ? -1 : 1);
  return [...rows].sort((a, b) => sign * (Number(a[column]) - Number(b[column]) || byId(a, b)));
}

/** Each engine, and SQLite with the pages read on the server's read threads (their own connections). */
const VARIANTS = [
  ...ENGINES.map((engine) => ({ engine, readThreads: false })),
  { engine: 'sqlite' as const, readThreads: true },
];

describe.each(VARIANTS)('GET /api/video/ deep pages on $engine (read threads: $readThreads)', (variant) => {
  const { engine, readThreads } = variant;
  let t: TestApp;
  let client: Client;
  let userId: number;
  /** a second user whose watched videos are others: their lists and anchors are their own */
  let second: Client;
  const watchedBy = new Map<Client | undefined, Set<string>>();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, (database) =>
      readThreads ? { searchThreads: { file: path.join(database.dataDir, 'tubekeeper.db'), count: 2 } } : {},
    );
    userId = (await createUser(t, { username: 'deep' })).id;
    const secondId = (await createUser(t, { username: 'second' })).id;
    for (const id of [userId, secondId]) await t.container.userConfig.update(id, { page_size: PAGE_SIZE });
    client = await sessionClient(t, userId);
    second = await sessionClient(t, secondId);
    const channelId = (await makeChannel(t.database.db, { channel_name: 'Deep' })).channel_id;
    const rows = Array.from({ length: VIDEOS }, (_, i): VideoRow => ({
      youtube_id: `d${String((i * 7919) % 10_007).padStart(10, '0')}`,
      channel_id: channelId,
      title: `Video ${i}`,
      vid_type: i % 5 === 0 ? 'shorts' : 'videos',
      view_count: (i * 37) % 400, // many ties: the id decides
      published: Date.UTC(2024, 0, 1) + i * 60_000,
      date_downloaded: Date.UTC(2024, 0, 1),
      vid_last_refresh: Date.UTC(2024, 0, 1),
      media_url: `${channelId}/${i}.mp4`,
      ...{ description: null, category: '[]', tags: '[]', active: 1, media_size: 0, duration: 60 },
      ...{ width: 1280, height: 720, streams: '[]', like_count: 0, dislike_count: 0 },
      ...{ average_rating: null, comment_count: null, sponsorblock: null, thumb_url: null },
    }));
    for (let at = 0; at < rows.length; at += 200)
      await t.database.db
        .insertInto('videos')
        .values(rows.slice(at, at + 200))
        .execute();
    watchedBy.set(client, new Set(rows.filter((_, i) => i % 3 === 0).map((r) => r.youtube_id)));
    watchedBy.set(second, new Set(rows.filter((_, i) => i % 4 === 1).map((r) => r.youtube_id)));
    for (const [user, watcher] of [
      [userId, client],
      [secondId, second],
    ] as const) {
      const marks = rows
        .filter((r) => watchedBy.get(watcher)!.has(r.youtube_id))
        .map((r) => ({
          user_id: user,
          youtube_id: r.youtube_id,
          watched_date: 1,
          vid_type: r.vid_type,
          duration_ms: 60_000,
        }));
      for (let at = 0; at < marks.length; at += 200)
        await t.database.db
          .insertInto('video_watches')
          .values(marks.slice(at, at + 200))
          .execute();
    }
  });
  afterAll(() => t.close());

  const page = async (query: string, as = client) => {
    const res = await as.request({ method: 'GET', url: `/api/video/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { youtube_id: string }[]; paginate: { total_hits: number } };
    return { ids: body.data.map((v) => v.youtube_id), total: body.paginate.total_hits };
  };
  const all = () => t.database.db.selectFrom('videos').selectAll().execute();

  /** Each filter's rows as `as` sees them (watched is per user). */
  const filters = (as: Client) => {
    const unwatched = (r: VideoRow) => !watchedBy.get(as)!.has(r.youtube_id);
    return {
      '': () => true,
      '&watch=unwatched': unwatched,
      '&type=videos': (r: VideoRow) => r.vid_type === 'videos',
      '&watch=unwatched&type=shorts': (r: VideoRow) => unwatched(r) && r.vid_type === 'shorts',
    };
  };

  it.runIf(readThreads)('reads the pages on the read threads, not on the main thread', async () => {
    const threads = t.container.searchIndex as SearchThreads;
    expect(threads.running()).toBe(0); // threads start with the first call
    await page('sort=views&order=asc&page=3');
    expect(threads.running()).toBeGreaterThan(0);
  });

  it('every page of every filter, sort and order is the page OFFSET gives, to the end and past it', async () => {
    const rows = await all();
    for (const [filter, keep] of Object.entries(filters(client))) {
      for (const [sort, column] of [
        ['views', 'view_count'],
        ['published', 'published'],
      ] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const expected = expectedOrder(rows.filter(keep), column, order).map((r) => r.youtube_id);
          const pages = Math.ceil(expected.length / PAGE_SIZE);
          // the deepest first (anchors found in one go), then ones before it and the last
          for (const n of [pages, 11, 10, 2, pages + 1]) {
            const got = await page(`sort=${sort}&order=${order}&page=${n}${filter}`);
            const from = (n - 1) * PAGE_SIZE;
            expect(got.ids, `${filter} ${sort} ${order} page ${n}`).toEqual(
              expected.slice(from, from + PAGE_SIZE),
            );
            expect(got.total).toBe(expected.length);
          }
        }
      }
    }
  });

  it("a deep page of a user's unwatched list is that user's, whoever asked for the same list first", async () => {
    const rows = await all();
    for (const order of ['asc', 'desc'] as const) {
      for (const n of [20, 12, 11]) {
        for (const as of [client, second, client]) {
          const expected = expectedOrder(
            rows.filter(filters(as)['&watch=unwatched']),
            'view_count',
            order,
          ).map((r) => r.youtube_id);
          const got = await page(`sort=views&order=${order}&page=${n}&watch=unwatched`, as);
          const from = (n - 1) * PAGE_SIZE;
          expect(got.ids, `${order} page ${n}`).toEqual(expected.slice(from, from + PAGE_SIZE));
          expect(got.total).toBe(expected.length);
        }
      }
    }
  });

  it('a write from another connection moves the deep pages and totals in the next answer', async () => {
    const deep = 'sort=views&order=asc&page=17&watch=unwatched'; // past the first anchors (every 120 rows)
    await page(deep); // anchors kept
    const rows = await all();
    const first = expectedOrder(rows, 'view_count', 'asc').find((r) =>
      watchedBy.get(client)!.has(r.youtube_id),
    )!;
    // elsewhere: a watched video that sorts first becomes unwatched, so every unwatched page shifts by one
    const write = `DELETE FROM video_watches WHERE user_id = ${userId} AND youtube_id = '${first.youtube_id}'`;
    watchedBy.get(client)!.delete(first.youtube_id);
    if (engine === 'sqlite') {
      const other = new Database(path.join(t.database.dataDir, 'tubekeeper.db'));
      other.exec(write);
      other.close();
    } else {
      const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(t.database.db)).rows[0]!
        .s;
      const other = openPostgres(process.env.TEST_DATABASE_URL!, schema);
      await sql.raw(write).execute(other.db);
      await other.close();
    }
    const expected = expectedOrder(
      (await all()).filter(filters(client)['&watch=unwatched']),
      'view_count',
      'asc',
    ).map((r) => r.youtube_id);
    const got = await page(deep);
    expect(got.ids).toEqual(expected.slice(16 * PAGE_SIZE, 17 * PAGE_SIZE));
    expect(got.ids).toHaveLength(PAGE_SIZE);
    expect(got.total).toBe(expected.length);
  });
});
