// Download queue reads at 100 and 100 000 pending items (issue 18 point 7): claiming the next item (a
// download run's claim with its lease, `claimNext`, and `nextPending`), Downloads pages (page 1, page 800 or the last), the
// page's total (kept, and right after a write as during a download run) and the channel filter's counts.
// Every row of one scan shares a timestamp (1 000 per scan), as a subscription scan writes them.
// SQLite in a temporary folder; BENCH_DATABASE_URL=postgres://… measures PostgreSQL (a schema of its own).
// Prints one JSON line per engine and queue size: median and p95 in ms.
// Run: npx tsx bench/queue.bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openSqlite, type DatabaseHandle } from '../apps/server/src/db/dialect.ts';
import { openPostgres } from '../apps/server/src/db/postgres-open.ts';
import { migrateToLatest } from '../apps/server/src/db/migrator.ts';
import { DownloadClaimRepository } from '../apps/server/src/repositories/download-claim.repository.ts';
import { DownloadQueueRepository } from '../apps/server/src/repositories/download-queue.repository.ts';

const SIZES = [100, 100_000];
const PAGE_SIZE = 12;
const ROUNDS = 200;

async function open(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-queue-bench-'));
    const handle = openSqlite(path.join(dir, 'tubekeeper.db'));
    return { ...handle, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openPostgres(url, schema);
  return {
    ...handle,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Times `run`; a run that answers `{ ms }` has timed the part that counts itself. */
async function timed(rounds: number, run: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const own = await run(i);
    ms.push(own && typeof own === 'object' && 'ms' in own ? (own.ms as number) : performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]! * 100) / 100;
  return { median: at(0.5), p95: at(0.95) };
}

for (const size of SIZES) {
  const handle = await open();
  await migrateToLatest(handle.db, handle.engine);
  const repo = new DownloadQueueRepository(handle.db, handle.engine);
  const claims = new DownloadClaimRepository(handle.db, handle.engine);
  const rows = Array.from({ length: size }, (_, i) => ({
    youtube_id: `v${String(i).padStart(10, '0')}`,
    title: `Video ${i}`,
    channel_id: `UC${i % 50}`,
    channel_name: `Channel ${i % 50}`,
    vid_thumb_url: null,
    vid_type: 'videos' as const,
    published: null,
    duration: 60,
    // every 10th item has a failed attempt; the claim skips those
    message: i % 10 === 0 ? 'failed' : null,
    auto_start: 0,
    timestamp: 1_700_000_000_000 + Math.floor(i / 1000),
    status: 'pending' as const,
  }));
  await repo.insertMany(rows);
  // the statistics autovacuum would gather on a live database
  if (handle.engine === 'postgres') await sql`vacuum analyze download_queue`.execute(handle.db);
  const deepPage = Math.min(800, Math.ceil(size / PAGE_SIZE));
  const figures = {
    bench: 'queue',
    engine: handle.engine,
    pending: size,
    // what a download run does: the claim with its lease (given back untimed, so each round claims the same)
    run_claim_ms: await timed(ROUNDS, async () => {
      const now = Date.now();
      const started = performance.now();
      const item = await claims.claimNext({
        autoOnly: false,
        exclude: [],
        owner: 'bench',
        now,
        until: now + 60_000,
      });
      const ms = performance.now() - started;
      if (item) await claims.release('bench', item.youtube_id);
      return { ms };
    }),
    claim_ms: await timed(ROUNDS, (i) => repo.nextPending(false, i % 2 ? [rows[1]!.youtube_id] : [])),
    page1_ms: await timed(ROUNDS, () => repo.list({ status: 'pending' }, PAGE_SIZE, 0)),
    deep_page: deepPage,
    deep_page_ms: await timed(ROUNDS, () =>
      repo.list({ status: 'pending' }, PAGE_SIZE, (deepPage - 1) * PAGE_SIZE),
    ),
    count_ms: await timed(ROUNDS, () => repo.count({ status: 'pending' })),
    // as during a download run: something was written since the last page, so no kept total is reused
    count_after_write_ms: await timed(ROUNDS, async (i) => {
      await repo.update(rows[i % size]!.youtube_id, { title: `Video ${i} renamed` });
      const started = performance.now();
      await repo.count({ status: 'pending' });
      return { ms: performance.now() - started };
    }),
    // one channel's page (2 000 of the 100 000 items, 2 of the 100)
    channel_page_ms: await timed(ROUNDS, () =>
      repo.list({ status: 'pending', channelId: 'UC7' }, PAGE_SIZE, 0),
    ),
    aggs_ms: await timed(ROUNDS, () => repo.channelCounts({ status: 'pending' })),
  };
  console.log(JSON.stringify(figures));
  await handle.close();
  await handle.drop();
}
