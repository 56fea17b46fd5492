import { z } from 'zod';

/** Statistics (upstream §5). A bucket the archive has nothing in is `null`, as upstream's serializers give it. */

/** Count, size in bytes, and duration in whole seconds with its text ("1h 02m 03s"). */
export const statsBucket = z.object({
  doc_count: z.number(),
  media_size: z.number(),
  duration: z.number(),
  duration_str: z.string(),
});
export type StatsBucket = z.infer<typeof statsBucket>;

/** `GET /api/stats/video/`: totals, then by type and by the provider's active flag. */
export const statsVideo = statsBucket.extend({
  type_videos: statsBucket.nullable(),
  type_shorts: statsBucket.nullable(),
  type_streams: statsBucket.nullable(),
  active_true: statsBucket.nullable(),
  active_false: statsBucket.nullable(),
});
export type StatsVideo = z.infer<typeof statsVideo>;

/** `GET /api/stats/channel/` and `GET /api/stats/playlist/`: plain counts. */
export const statsSubscriptions = z.object({
  doc_count: z.number(),
  active_true: z.number().nullable(),
  active_false: z.number().nullable(),
  subscribed_true: z.number().nullable(),
  subscribed_false: z.number().nullable(),
});
export type StatsSubscriptions = z.infer<typeof statsSubscriptions>;

/** `GET /api/stats/download/`: queue items per status, and the pending ones per type. */
export const statsDownload = z.object({
  pending: z.number().nullable(),
  ignore: z.number().nullable(),
  pending_videos: z.number().nullable(),
  pending_shorts: z.number().nullable(),
  pending_streams: z.number().nullable(),
});
export type StatsDownload = z.infer<typeof statsDownload>;

const watchBucket = z.object({
  duration: z.number(),
  duration_str: z.string(),
  /** this bucket's duration ÷ the total duration, 0..1 */
  progress: z.number(),
  items: z.number(),
});

/** `GET /api/stats/watch/` */
export const statsWatch = z.object({
  total: z.object({ duration: z.number(), duration_str: z.string(), items: z.number() }),
  watched: watchBucket.nullable(),
  unwatched: watchBucket.nullable(),
});
export type StatsWatch = z.infer<typeof statsWatch>;

/** `GET /api/stats/downloadhist/`: the days with downloads since the start of the day a week ago, newest first. */
export const statsDownloadHistory = z.array(
  z.object({
    /** "YYYY-MM-DD" in the server's TZ */
    date: z.string(),
    count: z.number(),
    media_size: z.number(),
  }),
);
export type StatsDownloadHistory = z.infer<typeof statsDownloadHistory>;

export const BIGGEST_CHANNELS_ORDERS = ['doc_count', 'duration', 'media_size'] as const;
export type BiggestChannelsOrder = (typeof BIGGEST_CHANNELS_ORDERS)[number];

export const statsBiggestChannelsQuery = z.object({
  order: z
    .enum(BIGGEST_CHANNELS_ORDERS, { message: 'order must be one of doc_count, duration, media_size' })
    .optional(),
});
export type StatsBiggestChannelsQuery = z.infer<typeof statsBiggestChannelsQuery>;

/** `GET /api/stats/biggestchannels/`: the 10 channels with the most videos, duration or bytes. */
export const statsBiggestChannels = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    doc_count: z.number(),
    /** seconds */
    duration: z.number(),
    duration_str: z.string(),
    media_size: z.number(),
  }),
);
export type StatsBiggestChannels = z.infer<typeof statsBiggestChannels>;
