/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Task schedules (upstream §7.4), one row per scheduled task. `next_run_at` is the slot the next run is due
 * in: a process that fires a run first moves it on with `UPDATE … WHERE next_run_at = <due>`, so of several
 * processes watching the same table exactly one starts each due run. `last_task_id` names the run the
 * schedule started last, whose task record tells how it ended. The task's config (check_reindex days,
 * run_backup rotate) stays in app_settings under `task_config:<name>`, where the handlers read it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('schedule', 'varchar(200)', (c) => c.notNull()) // "minute hour day_of_week"
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_task_id', 'varchar(64)')
    .execute();
}
