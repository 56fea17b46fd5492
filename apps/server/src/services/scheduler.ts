import type { TaskName } from '@tubekeeper/contract';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ScheduleRepository } from '../repositories/schedule.repository.ts';
import { nextRunAfter } from './schedule-rules.ts';
import { TaskAlreadyRunningError } from './task-record.service.ts';

/**
 * The longest the timer sleeps: a schedule saved by another process (scale-out) is seen within this
 * time, since only the saving process is woken at once.
 */
const MAX_SLEEP_MS = 30_000;

interface Logger {
  info(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

export interface SchedulerDeps {
  schedules: ScheduleRepository;
  queue: Pick<JobQueue, 'enqueue'>;
  timeZone: string;
  log: Logger;
  now?: () => number;
}

/**
 * Starts scheduled runs. Due times live in the `schedules` table and each process that runs a scheduler
 * claims a due slot with a compare-and-set before starting it (`ScheduleRepository.claim`), so a run fires
 * once however many processes watch; the timer only decides when to look. Runs start through the
 * JobQueue, so the queue in use (embedded or workers) runs them. A slot missed while no process ran fires
 * once on the next look, as Celery beat does, and the next slot is counted from then.
 */
export class Scheduler {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ticking: Promise<void> = Promise.resolve();

  constructor(private readonly deps: SchedulerDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Looks at the table now and sets the timer again (after a schedule changed). */
  wake(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.ticking = this.ticking.then(() => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
  }

  /** Fires every due schedule this process wins; returns the task ids it started. */
  async tick(): Promise<string[]> {
    const now = this.now();
    const started: string[] = [];
    for (const row of await this.deps.schedules.due(now)) {
      const next = nextRunAfter(row.schedule, this.deps.timeZone, now);
      if (!(await this.deps.schedules.claim(row.name, row.next_run_at, next, now))) continue;
      try {
        const id = await this.deps.queue.enqueue(row.name as TaskName, {});
        await this.deps.schedules.setLastTask(row.name, id);
        started.push(id);
        this.deps.log.info({ task: row.name, id }, `scheduled run of ${row.name} started`);
      } catch (error) {
        if (error instanceof TaskAlreadyRunningError) {
          // the run in progress does the work this slot asked for
          this.deps.log.info({ task: row.name }, `scheduled run skipped: ${error.message}`);
        } else {
          this.deps.log.error({ err: error, task: row.name }, `scheduled run of ${row.name} could not start`);
        }
      }
    }
    return started;
  }

  private async loop(): Promise<void> {
    if (!this.running) return;
    try {
      await this.tick();
    } catch (error) {
      this.deps.log.error({ err: error }, 'the scheduler could not read its schedules');
    }
    if (!this.running) return;
    const earliest = await this.deps.schedules.earliest().catch(() => undefined);
    const wait = earliest === undefined ? MAX_SLEEP_MS : Math.max(0, earliest - this.now());
    this.timer = setTimeout(() => this.wake(), Math.min(wait + 20, MAX_SLEEP_MS));
    this.timer.unref();
  }
}
