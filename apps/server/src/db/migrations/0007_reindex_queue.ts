/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Videos, channels and playlists waiting for check_reindex (upstream keeps them in Redis sorted sets).
 * A table, so a refresh asked for while a reindex runs is picked up by that run, and nothing asked for
 * is lost to a restart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reindex_queue')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // video | channel | playlist
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('extract_videos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reindex_queue_pk', ['kind', 'item_id'])
    .execute();
  await db.schema.createIndex('reindex_queue_added_idx').on('reindex_queue').column('added_at').execute();
}
