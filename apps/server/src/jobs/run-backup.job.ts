import type { BackupService } from '../services/backup/backup.service.ts';
import type { SnapshotService } from '../services/backup/snapshot.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * The run_backup task: a ZIP backup (payload `reason`, default `auto`: rotated afterwards), or with
 * payload `snapshot` the snapshot of that name. One task for both, so a backup and a snapshot never
 * read the archive at the same time.
 */
export function runBackupJob(backups: BackupService, snapshots: SnapshotService): JobHandler {
  return async (payload, { reporter }) => {
    if (typeof payload.snapshot === 'string') return snapshots.take(payload.snapshot, reporter);
    const reason = typeof payload.reason === 'string' ? payload.reason : 'auto';
    const { file, documents, rotated } = await backups.create(reason, reporter);
    return (
      `Backup ${file.filename} written: ${documents} documents, ${file.file_size} bytes` +
      (rotated.length ? `; rotated out ${rotated.join(', ')}` : '')
    );
  };
}

/** The restore_backup task: a backup file by name (payload `filename`) or a snapshot (`snapshot`). */
export function restoreBackupJob(backups: BackupService, snapshots: SnapshotService): JobHandler {
  return async (payload, { reporter }) => {
    if (typeof payload.snapshot === 'string') return snapshots.restore(payload.snapshot, reporter);
    return backups.restoreByName(String(payload.filename ?? ''), reporter);
  };
}
