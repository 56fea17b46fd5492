import { pino } from 'pino';
import type { AppConfigEnv } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { ScheduleRepository } from './repositories/schedule.repository.ts';
import type { SettingsRepository } from './repositories/settings.repository.ts';
import { TaskRepository } from './repositories/task.repository.ts';
import { ScheduleService } from './services/schedule.service.ts';
import { Scheduler } from './services/scheduler.ts';

export interface OperationsDeps {
  config: AppConfigEnv;
  database: DatabaseHandle;
  settings: SettingsRepository;
  jobs: JobQueue;
  /** the scheduler's clock (tests move it by hand) */
  now?: () => number;
}

/** The wiring of the archive's own operations: schedules and the scheduler. */
export function createOperations(deps: OperationsDeps) {
  const schedules = new ScheduleRepository(deps.database.db);
  const clock = deps.now ? { now: deps.now } : {};
  const scheduler = new Scheduler({
    schedules,
    queue: deps.jobs,
    timeZone: deps.config.timeZone,
    log: pino({ level: deps.config.logLevel, name: 'scheduler' }),
    ...clock,
  });
  const scheduleService = new ScheduleService({
    schedules,
    tasks: new TaskRepository(deps.database.db),
    settings: deps.settings,
    queue: deps.jobs,
    timeZone: deps.config.timeZone,
    onChange: () => scheduler.wake(),
    ...clock,
  });
  return { scheduler, schedules: scheduleService };
}
