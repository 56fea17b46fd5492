import type { ScheduledTask, ScheduleRequest } from '@tubekeeper/contract';
import { badRequest, notFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ScheduleRepository, ScheduleRow } from '../repositories/schedule.repository.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import type { TaskRepository } from '../repositories/task.repository.ts';
import {
  SCHEDULABLE_TASKS,
  describeSchedule,
  nextRunAfter,
  schedulableTask,
  validateConfig,
  validateSchedule,
  withConfigDefaults,
  type SchedulableTask,
} from './schedule-rules.ts';
import { taskState } from './task.service.ts';

/** Where a task's schedule config lives (check_reindex reads its `days` there). */
export const taskConfigKey = (name: string) => `task_config:${name}`;
/** Set once the first-install schedules were created, so deleting them later is not undone. */
const DEFAULTS_CREATED_KEY = 'scheduler:defaults_created';

export interface ScheduleServiceDeps {
  schedules: ScheduleRepository;
  tasks: TaskRepository;
  settings: SettingsRepository;
  queue: Pick<JobQueue, 'has'>;
  timeZone: string;
  now?: () => number;
  /** told when a schedule changed, so the scheduler's timer looks again */
  onChange?: () => void;
}

/** The schedule API (upstream §7.4): list, save, delete, and the first-install defaults. */
export class ScheduleService {
  private readonly now: () => number;

  constructor(private readonly deps: ScheduleServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async list(): Promise<ScheduledTask[]> {
    const rows = await this.deps.schedules.list();
    return Promise.all(rows.filter((row) => schedulableTask(row.name)).map((row) => this.toWire(row)));
  }

  /** `GET /api/task/schedule/<name>/`: one task's schedule; 404 while it has none. */
  async get(name: string): Promise<ScheduledTask> {
    this.spec(name);
    const row = await this.deps.schedules.get(name);
    if (!row) throw notFound('schedule not found');
    return this.toWire(row);
  }

  async save(
    name: string,
    body: ScheduleRequest,
  ): Promise<ScheduledTask | { name: string; config: Record<string, number> }> {
    const spec = this.spec(name);
    if (body.schedule === undefined && body.config === undefined) {
      throw badRequest('expected schedule or config key');
    }
    const schedule = body.schedule === undefined ? undefined : validateSchedule(name, spec, body.schedule);
    if (body.config !== undefined) {
      const config = validateConfig(name, spec, body.config, await this.storedConfig(name));
      await this.deps.settings.putAppSetting(taskConfigKey(name), config);
    }
    if (schedule !== undefined) {
      await this.deps.schedules.save(name, schedule, nextRunAfter(schedule, this.deps.timeZone, this.now()));
      this.deps.onChange?.();
    }
    const row = await this.deps.schedules.get(name);
    return row ? this.toWire(row) : { name, config: withConfigDefaults(spec, await this.storedConfig(name)) };
  }

  async remove(name: string): Promise<void> {
    this.spec(name);
    if (!(await this.deps.schedules.delete(name))) throw notFound('schedule not found');
    this.deps.onChange?.();
  }

  /**
   * Upstream's first-install schedules (check_reindex, thumbnail_check, and our check_feeds), each once
   * per database: the names created are kept, so a default the user deleted stays deleted, and an install
   * made before a task's handler existed gets that task's default once it does.
   */
  async createInstallDefaults(): Promise<string[]> {
    const marker = (await this.deps.settings.getAppSetting(DEFAULTS_CREATED_KEY)) as
      { created?: string[]; at?: number } | undefined;
    const done = new Set(marker?.created ?? []);
    const created: string[] = [];
    for (const [name, spec] of Object.entries(SCHEDULABLE_TASKS)) {
      if (!spec.installDefault || done.has(name) || !this.deps.queue.has(name as never)) continue;
      await this.deps.schedules.create(
        name,
        spec.auto,
        nextRunAfter(spec.auto, this.deps.timeZone, this.now()),
      );
      created.push(name);
    }
    if (!marker || created.length) {
      await this.deps.settings.putAppSetting(DEFAULTS_CREATED_KEY, {
        created: [...done, ...created],
        at: marker?.at ?? this.now(),
      });
    }
    return created;
  }

  private spec(name: string): SchedulableTask {
    const spec = schedulableTask(name);
    // a known task whose handler is not built yet would be a schedule that fires into nothing
    if (!spec || !this.deps.queue.has(name as never)) throw badRequest(`task '${name}' can not be scheduled`);
    return spec;
  }

  private async storedConfig(name: string): Promise<Record<string, unknown>> {
    const stored = await this.deps.settings.getAppSetting(taskConfigKey(name));
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  }

  private async toWire(row: ScheduleRow): Promise<ScheduledTask> {
    const spec = schedulableTask(row.name)!;
    const last = row.last_task_id ? await this.deps.tasks.get(row.last_task_id) : undefined;
    return {
      name: row.name,
      schedule: row.schedule,
      schedule_human: describeSchedule(row.schedule),
      last_run_at: row.last_run_at === null ? null : new Date(row.last_run_at).toISOString(),
      config: withConfigDefaults(spec, await this.storedConfig(row.name)),
      next_run_at: new Date(row.next_run_at).toISOString(),
      last_outcome: last
        ? {
            task_id: last.id,
            status: taskState(last.status),
            result: last.result,
            date_done: last.finished_at === null ? null : new Date(last.finished_at).toISOString(),
          }
        : null,
    };
  }
}
