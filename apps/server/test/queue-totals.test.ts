import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearchFunctions } from '../src/db/search/sqlite-functions.ts';
import type { Database } from '../src/db/tables.ts';
import { DownloadQueueRepository } from '../src/repositories/download-queue.repository.ts';
import { analyzeOwnTables, createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

const ITEMS = 20_000;
const CHANNELS = 40;

/** The engine's plan of a statement, one line per step. */
type Explain = (query: CompiledQuery) => Promise<string[]>;

/** The queue's rows read by a plan step (not a kept count's, not only an index of the queue's). */
const READS_QUEUE = /(SCAN|SEARCH|Scan on|Scan using \S+ on) download_queue\b/;
/** The one way the channel counts may read the queue: a channel's name, through the channel index. */
const NAME_LOOKUP =
  /SEARCH download_queue USING INDEX download_queue_channel_idx \(channel_id=\?\)|Index Scan using download_queue_channel_idx on download_queue\b/;

/**
 * Issue 18 point 7: a Downloads page's total and its channel filter's counts read the counts triggers keep,
 * not the queue. They counted every matching item: SQLite's total after any write (a download run writes
 * all the time) 0.04 ms at 100 pending, 3.8 ms at 100 000; the channel counts 0.06 ms and 40 ms on
 * SQLite, 0.4 ms and 26 ms on PostgreSQL (bench/queue.bench.ts). The plans of the statements the
 * repository sends are checked: the queue is read only through the channel index, one row per channel
 * for its name. SQLite plans without statistics, as on the server's database (nothing runs ANALYZE);
 * PostgreSQL with them, as autovacuum gathers them.
 */
describe.each(ENGINES)('download queue totals from kept counts on %s', (engine) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let explain: Explain;
  let close: () => Promise<void>;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seed(database.db);
    ({ db, explain, close } = await recorded(engine, database, sent));
  }, 120_000);
  afterAll(async () => {
    await close();
    await database.cleanup();
  });

  /** The plans of the selects `read` sends. */
  const plansOf = async (read: (repo: DownloadQueueRepository) => Promise<unknown>) => {
    sent.length = 0;
    await read(new DownloadQueueRepository(db, engine));
    const plans: string[] = [];
    for (const query of sent.filter((q) => /^select/i.test(q.sql))) plans.push(...(await explain(query)));
    return plans;
  };

  it("reads a page's total after a write from the kept counts", async () => {
    const repo = new DownloadQueueRepository(db, engine);
    for (const filter of [{ status: 'pending' as const }, { status: 'pending' as const, error: false }]) {
      // a download run has just written: nothing counted before is reused
      await repo.update('v1', { title: `renamed ${Math.random()}` });
      const plans = await plansOf((r) => r.count(filter));
      expect(plans.filter((line) => READS_QUEUE.test(line))).toEqual([]);
      expect(await repo.count(filter)).toBe(await counted(database.db, filter.error === false));
    }
  });

  it("reads the channel filter's counts from the kept counts, each channel's name by the channel index", async () => {
    const repo = new DownloadQueueRepository(db, engine);
    for (const status of ['pending', 'ignore'] as const) {
      const plans = await plansOf((r) => r.channelCounts({ status }));
      expect(plans.filter((line) => READS_QUEUE.test(line) && !NAME_LOOKUP.test(line))).toEqual([]);
      const counts = await repo.channelCounts({ status });
      expect(counts).toHaveLength(CHANNELS);
      expect(counts).toEqual(await groupedByChannel(database.db, status));
    }
  });
});

/** Items over 40 channels, a tenth failed, a ninth ignored, a seventh shorts; one statement. */
async function seed(db: Kysely<Database>) {
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${ITEMS - 1})
    INSERT INTO download_queue
      (youtube_id, title, channel_id, channel_name, vid_type, duration, message, auto_start, timestamp, status)
    SELECT 'v' || i, 'Video ' || i, 'UC' || (i % ${CHANNELS}), 'Channel ' || (i % ${CHANNELS}),
      CASE WHEN i % 7 = 0 THEN 'shorts' ELSE 'videos' END, 60,
      CASE WHEN i % 10 = 0 THEN 'failed' END, 0, 1700000000000 + i,
      CASE WHEN i % 9 = 0 THEN 'ignore' ELSE 'pending' END
    FROM n`.execute(db);
}

/** The pending items counted row by row. */
async function counted(db: Kysely<Database>, withoutError: boolean) {
  let query = db
    .selectFrom('download_queue')
    .where('status', '=', 'pending')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (withoutError) query = query.where('message', 'is', null);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The channel counts grouped row by row, in the repository's order (most first, then by name). */
async function groupedByChannel(db: Kysely<Database>, status: 'pending' | 'ignore') {
  const rows = await db
    .selectFrom('download_queue')
    .where('status', '=', status)
    .select(['channel_id', 'channel_name', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['channel_id', 'channel_name'])
    .execute();
  return rows
    .map((r) => ({ ...r, count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || (a.channel_name < b.channel_name ? -1 : 1));
}

/** A second handle on the test database that records what it sends, and its engine's EXPLAIN. */
async function recorded(engine: string, database: TestDatabase, sent: CompiledQuery[]) {
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') sent.push(event.query);
  };
  if (engine === 'postgres') {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db);
    const pool = new pg.Pool({
      connectionString: process.env.TEST_DATABASE_URL,
      options: `-c search_path=${rows[0]!.schema}`,
    });
    // the statistics autovacuum gathers on a live database
    await analyzeOwnTables(database.db);
    const explain: Explain = async (q) =>
      (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.sql}`, [...q.parameters])).rows.map(
        (row) => row['QUERY PLAN'],
      );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, explain, close: () => db.destroy() };
  }
  const sqlite = new SQLite(path.join(database.dataDir, 'tubekeeper.db'));
  registerSearchFunctions(sqlite);
  const explain: Explain = async (q) =>
    (
      sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as {
        detail: string;
      }[]
    ).map((row) => row.detail);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
  return { db, explain, close: () => db.destroy() };
}
