/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * A locked task (one that must not run twice at once) holds its name in `lock_key` while pending or running.
 * The unique index makes "already running" a property of the database, so two API processes starting the
 * same task at the same moment cannot both win. Unlocked tasks and finished runs keep NULL, which a unique
 * index allows any number of times on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('lock_key', 'varchar(64)').execute();
  await db.schema.createIndex('tasks_lock_key_idx').on('tasks').column('lock_key').unique().execute();
}
