/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * A failed queue item keeps what its failure means (issue 16): the category and advice worked out when it
 * failed (the advice names the yt-dlp version of that moment), and for a premiere or scheduled live
 * stream the time from which a download run tries it again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('download_queue').addColumn('error_category', 'varchar(32)').execute();
  await db.schema.alterTable('download_queue').addColumn('error_advice', 'text').execute();
  await db.schema.alterTable('download_queue').addColumn('retry_at', 'bigint').execute();
}
