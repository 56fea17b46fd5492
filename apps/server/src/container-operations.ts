import { pino } from 'pino';
import type { AppConfigEnv } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { AppriseRepository } from './repositories/apprise.repository.ts';
import { ScheduleRepository } from './repositories/schedule.repository.ts';
import type { SettingsRepository } from './repositories/settings.repository.ts';
import { TaskRepository } from './repositories/task.repository.ts';
import { ScheduleService } from './services/schedule.service.ts';
import { Scheduler } from './services/scheduler.ts';
import { TaskNotifyService } from './services/task-notify.service.ts';
import type { TaskRecordService } from './services/task-record.service.ts';

export interface OperationsDeps {
  config: AppConfigEnv;
  database: DatabaseHandle;
  settings: SettingsRepository;
  jobs: JobQueue;
  taskRecords: TaskRecordService;
  /** the scheduler's clock (tests move it by hand) */
  now?: () => number;
}

/** The wiring of the archive's own operations: schedules, the scheduler and task notifications. */
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
  const taskNotify = new TaskNotifyService(
    deps.settings,
    new AppriseRepository(deps.config.apprisePath),
    pino({ level: deps.config.logLevel, name: 'notifications' }),
  );
  deps.taskRecords.onFinish((row) => taskNotify.taskFinished(row));
  return { scheduler, schedules: scheduleService, taskNotify };
}
