import { z } from 'zod';
import { player } from './video.ts';

/** `POST /api/watched/`: a video, channel or playlist id; every video it names gets the state. */
export const watchedBody = z.strictObject({
  id: z.string().min(1, 'id is required').max(128),
  is_watched: z.boolean({ message: 'is_watched must be true or false' }),
});
export type WatchedBody = z.infer<typeof watchedBody>;

/** `POST /api/video/{id}/progress/`: the caller's position in seconds. */
export const progressBody = z.strictObject({
  position: z
    .number({ message: 'position must be a number of seconds' })
    .min(0, 'position must be 0 or more')
    .max(10_000_000, 'position is too large'),
});
export type ProgressBody = z.infer<typeof progressBody>;

/**
 * The `POST /api/video/{id}/progress/` answer: the player state with the position just sent and the
 * video id set on it, as upstream answers (§1.4); `progress` only while a position is kept.
 */
export const progressReply = player.extend({ position: z.number(), youtube_id: z.string() });
export type ProgressReply = z.infer<typeof progressReply>;
