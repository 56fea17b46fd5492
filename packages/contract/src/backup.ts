import { z } from 'zod';

/** One ZIP backup in `<cache>/backup/` (upstream §1.9): `ta_backup-<YYYYMMDD>-<reason>.zip`. */
export const backupFile = z.object({
  filename: z.string(),
  file_path: z.string(),
  file_size: z.number(),
  /** "YYYYMMDD" from the name */
  timestamp: z.string(),
  /** `auto` (schedule and API), `update`, or what the CLI named it; false for a name without one */
  reason: z.union([z.string(), z.literal(false)]),
});
export type BackupFile = z.infer<typeof backupFile>;
export const backupList = z.array(backupFile);

export const backupFilenameParams = z.object({ filename: z.string().max(255) });

/** POST /api/appsettings/backup/ */
export const backupStarted = z.object({ message: z.string(), task_id: z.string() });
export type BackupStarted = z.infer<typeof backupStarted>;

/** POST /api/appsettings/backup/{filename}/ */
export const backupRestoreStarted = z.object({
  message: z.string(),
  filename: z.string(),
  task_id: z.string(),
});
export type BackupRestoreStarted = z.infer<typeof backupRestoreStarted>;

/** One snapshot, in upstream's shape (times in the server's TZ, "YYYY-MM-DD HH:MM"). */
export const snapshot = z.object({
  id: z.string(),
  state: z.string(),
  /** upstream: the Elasticsearch version; ours: the database engine and Tubekeeper's version */
  es_version: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** epoch seconds */
  end_stamp: z.number(),
  duration_s: z.number(),
});
export type Snapshot = z.infer<typeof snapshot>;

/** GET /api/appsettings/snapshot/ */
export const snapshotList = z.object({
  /** epoch seconds of the next daily snapshot */
  next_exec: z.number().nullable(),
  next_exec_str: z.string().nullable(),
  expire_after: z.string(),
  snapshots: z.array(snapshot),
});
export type SnapshotList = z.infer<typeof snapshotList>;

export const snapshotIdParams = z.object({ id: z.string().max(128) });
export const snapshotCreated = z.object({ snapshot_name: z.string(), task_id: z.string() });
export type SnapshotCreated = z.infer<typeof snapshotCreated>;
export const snapshotRestoreStarted = z.object({ accepted: z.literal(true), task_id: z.string() });
export type SnapshotRestoreStarted = z.infer<typeof snapshotRestoreStarted>;
