import { z } from 'zod';
import { queryBoolean } from './pagination.ts';

export const REFRESH_TYPES = ['video', 'channel', 'playlist'] as const;
export type RefreshType = (typeof REFRESH_TYPES)[number];

const ids = z.array(z.string().trim().min(1).max(64)).max(10_000);

/** POST /api/refresh/ body (upstream §1.3): ids to re-fetch, every key optional. */
export const refreshRequest = z.strictObject({
  video: ids.optional(),
  channel: ids.optional(),
  playlist: ids.optional(),
});
export type RefreshRequest = z.infer<typeof refreshRequest>;

/** `extract_videos=true` also queues every video of the given channels and playlists. */
export const refreshStartQuery = z.object({ extract_videos: queryBoolean.optional() });

export const refreshStartResponse = z.object({ message: z.string(), task_id: z.string() });
export type RefreshStartResponse = z.infer<typeof refreshStartResponse>;

export const refreshStatusQuery = z.object({
  type: z.enum(REFRESH_TYPES).optional(),
  id: z.string().trim().min(1).max(64).optional(),
});
export type RefreshStatusQuery = z.infer<typeof refreshStatusQuery>;

/**
 * GET /api/refresh/ (upstream §1.3): without an id, `running` or `empty` and the number waiting; with
 * an id, `in_queue` or false.
 */
export const refreshStatus = z.object({
  state: z.union([z.enum(['running', 'empty', 'in_queue']), z.literal(false)]),
  total_queued: z.number().int(),
});
export type RefreshStatus = z.infer<typeof refreshStatus>;
