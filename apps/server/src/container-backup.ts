import path from 'node:path';
import type { AppConfigEnv } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { restoreBackupJob, runBackupJob } from './jobs/run-backup.job.ts';
import { BackupDatabase } from './repositories/backup-database.repository.ts';
import { BackupFolderRepository, BackupZipRepository } from './repositories/backup-zip.repository.ts';
import { SnapshotStore } from './repositories/snapshot-store.repository.ts';
import type { SettingsRepository } from './repositories/settings.repository.ts';
import { BackupService } from './services/backup/backup.service.ts';
import { DAILY_SLOT_SETTING, SnapshotService } from './services/backup/snapshot.service.ts';
import type { TaskService } from './services/task.service.ts';

export interface BackupDeps {
  config: AppConfigEnv;
  database: DatabaseHandle;
  settings: SettingsRepository;
  jobs: JobQueue;
  tasks: TaskService;
  /** a restore may have replaced the schedules: the scheduler looks again */
  onRestored?: () => void;
  now?: () => number;
}

/** The wiring of ZIP backups (`<cache>/backup/`) and snapshots (`<cache>/snapshot/`) and their tasks. */
export function createBackupServices(deps: BackupDeps) {
  const database = new BackupDatabase(deps.database);
  const startTask = (name: 'run_backup' | 'restore_backup', payload: Record<string, unknown>) =>
    deps.tasks.start(name, payload);
  const clock = deps.now ? { now: deps.now } : {};
  const backups = new BackupService({
    zip: new BackupZipRepository(),
    folder: new BackupFolderRepository(path.join(deps.config.cacheDir, 'backup')),
    database,
    settings: deps.settings,
    timeZone: deps.config.timeZone,
    startTask,
    ...(deps.onRestored && { onRestored: deps.onRestored }),
    ...clock,
  });
  const snapshots = new SnapshotService({
    store: new SnapshotStore(path.join(deps.config.cacheDir, 'snapshot')),
    database,
    backups,
    timeZone: deps.config.timeZone,
    startTask,
    claimSlot: (slot) => deps.settings.claimValue(DAILY_SLOT_SETTING, slot),
    ...clock,
  });
  deps.jobs.register('run_backup', runBackupJob(backups, snapshots));
  deps.jobs.register('restore_backup', restoreBackupJob(backups, snapshots));
  return { backups, snapshots };
}
