/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Failed sign-ins, counted in the database (issue 17) so that every API process of a deployment sees the
 * same counts: kept in each process's memory, N processes behind a load balancer gave a guesser N times
 * the limit. One row per counter (an address and username pair, a username, an address), keyed by a
 * sha256 of what it counts, so usernames people mistype (or passwords typed into the username field) are
 * not stored. Swept an hour after their last change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_since').on('login_failures').column('since').execute();
}
