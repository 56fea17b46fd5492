/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Issue 17 point 7 and issue 18 point 3: a queue add that yt-dlp or the network stopped keeps its
 * unresolved lines, marked held (`held_at`, epoch ms) until a later add, download run or start-up takes
 * them up again; lines whose run is still going have none, so no two runs resolve the same batch.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queue_additions').addColumn('held_at', 'bigint').execute();
}
