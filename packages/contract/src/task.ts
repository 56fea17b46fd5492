import { z } from 'zod';

/** Every task name the product knows (DESIGN.md §6, upstream §4). */
export const TASK_NAMES = [
  'update_subscribed',
  'download_pending',
  'extract_download',
  'check_reindex',
  'manual_import',
  'resync_thumbs',
  'resync_metadata',
  'run_backup',
  'restore_backup',
  'rescan_filesystem',
  'thumbnail_check',
  'index_playlists',
  'subscribe_to',
  'check_feeds',
] as const;
export const taskName = z.enum(TASK_NAMES);
export type TaskName = z.infer<typeof taskName>;

/** Celery's state names, so clients written for the upstream API read them unchanged. */
export const taskState = z.enum(['PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'REVOKED']);
export type TaskState = z.infer<typeof taskState>;

export const taskStartResponse = z.object({
  task_id: z.string(),
  status: taskState,
  /** Set when the task was already running: the answer names it and returns the running task's id. */
  message: z.string().optional(),
});
export type TaskStartResponse = z.infer<typeof taskStartResponse>;

/** One task run, in the upstream result shape (`GET /api/task/by-id/{id}/`). */
export const taskResult = z.object({
  task_id: z.string(),
  name: z.string(),
  status: taskState,
  result: z.string().nullable(),
  traceback: z.string().nullable(),
  /** ISO-8601 when finished, null while pending or running */
  date_done: z.string().nullable(),
  kwargs: z.record(z.string(), z.unknown()),
});
export type TaskResult = z.infer<typeof taskResult>;
export const taskResultList = z.array(taskResult);

export const taskCommandRequest = z.strictObject({ command: z.enum(['stop', 'kill']) });
export type TaskCommandRequest = z.infer<typeof taskCommandRequest>;

export const taskNameParams = z.object({ name: z.string().max(64) });
export const taskIdParams = z.object({ id: z.string().max(64) });

/** A live task as the notification area shows it (upstream §4.3). */
export const notification = z.object({
  id: z.string(),
  title: z.string(),
  group: z.string(),
  level: z.enum(['info', 'error']),
  messages: z.array(z.string()),
  progress: z.number(),
  api_start: z.boolean(),
  api_stop: z.boolean(),
  command: z.enum(['STOP', 'KILL']).nullable(),
});
export type Notification = z.infer<typeof notification>;
export const notificationList = z.array(notification);
export const notificationQuery = z.object({ filter: z.string().max(64).optional() });

export const manualImportRequest = z.strictObject({
  ignore_error: z.boolean({ error: 'ignore_error is required (true or false)' }),
  prefer_local: z.boolean({ error: 'prefer_local is required (true or false)' }),
});
export type ManualImportRequest = z.infer<typeof manualImportRequest>;
/** `POST /api/appsettings/rescan-filesystem/`: upstream takes the same two keys as the manual import. */
export const rescanFilesystemRequest = manualImportRequest;
