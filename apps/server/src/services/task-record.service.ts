import type { TaskName } from '@tubekeeper/contract';
import type { TaskRow } from '../db/tables.ts';
import type { TaskRepository } from '../repositories/task.repository.ts';
import type { ProgressReporter } from './progress.ts';
import { asIs, type PresentText } from './user-facing-text.ts';
import { TASK_DEFINITIONS } from './task-definitions.ts';

/** How long a finished task stays in the notification list (upstream: 5 s after success, 20 s after failure). */
export const VISIBLE_AFTER_SUCCESS_MS = 5_000;
export const VISIBLE_AFTER_FAILURE_MS = 20_000;
/** Progress is written at most this often; the final state is always written. */
export const PROGRESS_WRITE_INTERVAL_MS = 500;

export class TaskAlreadyRunningError extends Error {
  constructor(readonly running: TaskRow) {
    super(`${TASK_DEFINITIONS[running.name as TaskName]?.label ?? running.name} is already running`);
  }
}

export type TaskOutcome =
  | { status: 'success'; result: string; level?: 'info' | 'error' }
  | { status: 'failed'; error: string }
  | { status: 'stopped'; result: string };

/** The task records that job runners (embedded or BullMQ workers) keep while they run handlers. */
export class TaskRecordService {
  private readonly finishListeners: ((row: TaskRow) => void)[] = [];

  constructor(
    private readonly tasks: TaskRepository,
    private readonly now: () => number = Date.now,
    /** paths relative to the media or cache folder in results and progress lines */
    private readonly present: PresentText = asIs,
  ) {}

  /** Told about every run this process finishes, with its final record (task notifications listen). */
  onFinish(listener: (row: TaskRow) => void): void {
    this.finishListeners.push(listener);
  }

  /** A pending run; a locked task that is already pending or running is refused with the running one. */
  async create(name: TaskName, payload: object, id = crypto.randomUUID()): Promise<TaskRow> {
    const def = TASK_DEFINITIONS[name];
    const row = {
      id,
      name,
      status: 'pending' as const,
      title: def.title,
      group_name: def.group,
      level: 'info' as const,
      messages: JSON.stringify(['New task received.']),
      progress: 0,
      command: null,
      payload: JSON.stringify(payload),
      result: null,
      created_at: this.now(),
      started_at: null,
      finished_at: null,
      visible_until: null,
      lock_key: def.locked ? name : null,
    };
    if (await this.tasks.tryInsert(row)) return row;
    const running = await this.tasks.findLive(name);
    if (running) throw new TaskAlreadyRunningError(running);
    // the live run finished between the insert and the read, or a finished run kept its lock (its final
    // write failed): free the lock of finished runs and try once more
    await this.tasks.releaseFinishedLocks(name);
    if (await this.tasks.tryInsert(row)) return row;
    throw new TaskAlreadyRunningError((await this.tasks.findLive(name)) ?? row);
  }

  async markRunning(id: string): Promise<void> {
    await this.tasks.update(id, { status: 'running', started_at: this.now() });
  }

  reporter(id: string): TaskReporter {
    return new TaskReporter(this.tasks, id, this.now, this.present);
  }

  command(id: string): Promise<'stop' | 'kill' | null> {
    return this.tasks.getCommand(id);
  }

  async finish(id: string, reporter: TaskReporter | undefined, outcome: TaskOutcome): Promise<void> {
    await reporter?.close();
    const now = this.now();
    const failed = outcome.status === 'failed' || (outcome.status === 'success' && outcome.level === 'error');
    const text = this.present(outcome.status === 'failed' ? outcome.error : outcome.result);
    await this.tasks.update(id, {
      status: outcome.status,
      level: failed ? 'error' : 'info',
      result: text,
      messages: JSON.stringify([outcome.status === 'failed' ? `Task failed: ${text}` : text]),
      progress: outcome.status === 'success' ? 1 : undefined,
      finished_at: now,
      visible_until: now + (failed ? VISIBLE_AFTER_FAILURE_MS : VISIBLE_AFTER_SUCCESS_MS),
      lock_key: null,
    });
    if (this.finishListeners.length === 0) return;
    const row = await this.tasks.get(id);
    if (row) for (const listener of this.finishListeners) listener(row);
  }

  /**
   * At start-up of the embedded mode (one process owns every run), runs still marked pending or running
   * were left by a process that died: they failed, and their items stay in their queues for the next run.
   */
  failAbandoned(): Promise<number> {
    const now = this.now();
    return this.tasks.failLive(
      now,
      'interrupted: the server stopped while the task ran',
      now + VISIBLE_AFTER_FAILURE_MS,
    );
  }
}

/** Keeps the latest progress and writes it at most every 500 ms, in order, the last one always. */
export class TaskReporter implements ProgressReporter {
  private latest: { progress: number; messages: string[]; level: 'info' | 'error' } | undefined;
  private lastWrite = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly tasks: TaskRepository,
    private readonly id: string,
    private readonly now: () => number,
    private readonly present: PresentText = asIs,
  ) {}

  update(progress: number, messages: string[], level: 'info' | 'error' = 'info'): void {
    this.latest = {
      progress: Math.min(1, Math.max(0, progress)),
      messages: messages.map(this.present),
      level,
    };
    if (this.timer) return;
    const wait = this.lastWrite + PROGRESS_WRITE_INTERVAL_MS - this.now();
    if (wait <= 0) this.write();
    else this.timer = setTimeout(() => this.write(), wait);
  }

  /** Writes what is pending and waits for every write to land. */
  async close(): Promise<void> {
    if (this.timer) this.write();
    await this.writing;
  }

  private write(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const state = this.latest;
    if (!state) return;
    this.latest = undefined;
    this.lastWrite = this.now();
    this.writing = this.writing
      .then(() =>
        this.tasks.update(this.id, {
          progress: state.progress,
          messages: JSON.stringify(state.messages),
          level: state.level,
        }),
      )
      // a failed progress write must not fail the task; the next write or the final state repairs it
      .catch(() => undefined);
  }
}
