/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 18, points 3 and 7.
 *
 * `queue_additions`: the lines of a `POST /api/download/` are written here before the request is
 * answered; extract_download removes each line once it is resolved into queue rows, and at start-up the
 * lines a killed server left are resolved again, so an accepted line is never lost.
 *
 * Queue order indexes: a claim (`nextPending`) and a page of the Downloads list read the queue in its order
 * (auto_start first, then oldest, ties by id) from an index, so neither sorts the whole queue; the claim's
 * index holds only items without a failed attempt, and failed items due for another try are found through
 * their retry time.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('queue_additions')
    .addColumn('batch', 'varchar(64)', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull()) // JSON: auto_start, flat, force
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_additions_pk', ['batch', 'line'])
    .execute();
  const order = sql`status, auto_start desc, timestamp, ${engine === 'postgres' ? sql`youtube_id collate "C"` : sql`youtube_id`}`;
  await db.schema.createIndex('download_queue_order_idx').on('download_queue').expression(order).execute();
  await sql`create index download_queue_claim_idx on download_queue (${order}) where message is null`.execute(
    db,
  );
  // failed items a run tries again after a time (migration 0015): few, found without reading the queue
  await sql`create index download_queue_retry_idx on download_queue (retry_at) where retry_at is not null`.execute(
    db,
  );
}
