/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Videos a staff member deleted from the download queue on purpose (Forget, Delete). The item itself is
 * gone, as the spec says, but a subscription rescan must not queue it again (issue 5: "an ignored or
 * deliberately deleted video is never queued again by a rescan"). Adding the id by hand lifts the block.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('download_blocklist')
    .addColumn('youtube_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('blocked_at', 'bigint', (c) => c.notNull())
    .execute();
}
