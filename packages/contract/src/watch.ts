import { z } from 'zod';

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
