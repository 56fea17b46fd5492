import { z } from 'zod';

/** Tasks whose end can be sent to Apprise URLs (spec §7). */
export const NOTIFY_TASK_NAMES = [
  'update_subscribed',
  'extract_download',
  'download_pending',
  'check_reindex',
] as const;

/** GET /api/task/notification/: `{task_name: {urls, title}}` for tasks that have URLs (upstream §1.8). */
export const notifyUrlList = z.record(z.string(), z.object({ urls: z.array(z.string()), title: z.string() }));
export type NotifyUrlList = z.infer<typeof notifyUrlList>;

export const notifyUrlAdd = z.object({
  task_name: z.string().max(64),
  url: z.string().trim().min(1, 'url is required').max(2000),
});

/** DELETE: one URL, or every URL of the task without `url`. */
export const notifyUrlDelete = z.object({
  task_name: z.string().max(64),
  url: z.string().max(2000).optional(),
});

export const notifyTestRequest = z.object({
  url: z.string().trim().min(1, 'url is required').max(2000),
  task_name: z.string().max(64).optional(),
});
export const notifyTestResponse = z.object({ success: z.boolean(), message: z.string() });
export type NotifyTestResponse = z.infer<typeof notifyTestResponse>;
