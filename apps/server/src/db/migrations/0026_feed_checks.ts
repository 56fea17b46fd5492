/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * One row per subscribed channel or playlist whose feed check_feeds has read (issue 16): the validators
 * of the last answer (sent back so an unchanged feed costs a 304), when it was checked, when it last
 * brought a new upload, and the last error (null after a good check).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feed_checks')
    .addColumn('target_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('last_new_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
}
