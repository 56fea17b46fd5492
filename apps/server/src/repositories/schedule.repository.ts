import type { Kysely, Selectable } from 'kysely';
import type { Database, SchedulesTable } from '../db/tables.ts';

export type ScheduleRow = Selectable<SchedulesTable>;

/** The `schedules` table (migration 0011). */
export class ScheduleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<ScheduleRow[]> {
    return this.db.selectFrom('schedules').selectAll().orderBy('name').execute();
  }

  get(name: string): Promise<ScheduleRow | undefined> {
    return this.db.selectFrom('schedules').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** Creates or replaces a schedule; its run history stays. */
  async save(name: string, schedule: string, nextRunAt: number): Promise<void> {
    await this.db
      .insertInto('schedules')
      .values({ name, schedule, next_run_at: nextRunAt, last_run_at: null, last_task_id: null })
      .onConflict((oc) => oc.column('name').doUpdateSet({ schedule, next_run_at: nextRunAt }))
      .execute();
  }

  /** Creates a schedule unless one exists (first-install defaults never overwrite a user's choice). */
  async create(name: string, schedule: string, nextRunAt: number): Promise<void> {
    await this.db
      .insertInto('schedules')
      .values({ name, schedule, next_run_at: nextRunAt, last_run_at: null, last_task_id: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  async delete(name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('schedules').where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The schedules whose slot has come, soonest first. */
  due(now: number): Promise<ScheduleRow[]> {
    return this.db
      .selectFrom('schedules')
      .selectAll()
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .execute();
  }

  /** The earliest slot of any schedule, or undefined when nothing is scheduled. */
  async earliest(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('schedules')
      .select((eb) => eb.fn.min('next_run_at').as('next'))
      .executeTakeFirst();
    return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
  }

  /**
   * Takes the due slot: moves `next_run_at` on only if it still holds `due`. True for exactly one caller
   * per slot, whichever process it runs in, so a due run starts once.
   */
  async claim(name: string, due: number, next: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('schedules')
      .set({ next_run_at: next, last_run_at: now })
      .where('name', '=', name)
      .where('next_run_at', '=', due)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setLastTask(name: string, taskId: string): Promise<void> {
    await this.db.updateTable('schedules').set({ last_task_id: taskId }).where('name', '=', name).execute();
  }
}
