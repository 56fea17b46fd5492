import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, TaskRow, TasksTable } from '../db/tables.ts';

export type NewTaskRow = Insertable<TasksTable>;
export type TaskRowUpdate = Updateable<TasksTable>;

const LIVE = ['pending', 'running'] as const;

/** The `tasks` table: one row per task run (DESIGN.md §6). */
export class TaskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the run; false when a live run already holds the same `lock_key` (the unique index answers,
   * so this is race-free across processes).
   */
  async tryInsert(row: NewTaskRow): Promise<boolean> {
    try {
      await this.db.insertInto('tasks').values(row).execute();
      return true;
    } catch (error) {
      if (row.lock_key && isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async get(id: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findLive(name: string): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('name', '=', name)
      .where('status', 'in', LIVE)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async list(name: string | undefined, limit: number): Promise<TaskRow[]> {
    let query = this.db.selectFrom('tasks').selectAll();
    if (name) query = query.where('name', '=', name);
    return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }

  /** Live runs plus finished ones whose notification has not expired yet. */
  async listVisible(now: number): Promise<TaskRow[]> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where((eb) => eb.or([eb('status', 'in', LIVE), eb('visible_until', '>', now)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async update(id: string, changes: TaskRowUpdate): Promise<void> {
    await this.db.updateTable('tasks').set(changes).where('id', '=', id).execute();
  }

  async releaseFinishedLocks(name: string): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ lock_key: null })
      .where('lock_key', '=', name)
      .where('status', 'not in', LIVE)
      .execute();
  }

  /** Sets the command only on a live run; false when the run had already finished. */
  async setCommand(id: string, command: 'stop' | 'kill'): Promise<boolean> {
    const result = await this.db
      .updateTable('tasks')
      .set({ command })
      .where('id', '=', id)
      .where('status', 'in', LIVE)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async getCommand(id: string): Promise<'stop' | 'kill' | null> {
    const row = await this.db.selectFrom('tasks').select('command').where('id', '=', id).executeTakeFirst();
    return row?.command ?? null;
  }

  /** Marks every live run failed, e.g. runs left behind by a process that died. */
  async failLive(now: number, message: string, visibleUntil: number): Promise<number> {
    const result = await this.db
      .updateTable('tasks')
      .set({
        status: 'failed',
        level: 'error',
        result: message,
        messages: JSON.stringify([message]),
        finished_at: now,
        visible_until: visibleUntil,
        lock_key: null,
      })
      .where('status', 'in', LIVE)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** SQLite says SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY); PostgreSQL says 23505. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
