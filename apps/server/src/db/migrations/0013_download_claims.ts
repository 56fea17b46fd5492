/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';

/**
 * A download item is claimed in the database before it downloads, so runs on several worker processes
 * never take the same video. The claim is a lease: its holder renews `claimed_until` while it works, and a
 * worker killed mid-download (SIGKILL, power loss) lets it lapse, so another worker takes the item over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('download_queue').addColumn('claimed_by', 'varchar(128)').execute();
  await db.schema.alterTable('download_queue').addColumn('claimed_until', 'bigint').execute();
  // a run waiting for other workers counts the live claims: few rows, found without reading the queue
  await sql`create index download_queue_claimed_idx on download_queue (claimed_until) where claimed_until is not null`.execute(
    db,
  );
}
