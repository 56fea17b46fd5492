import { z } from 'zod';
import { channel } from './channel.ts';
import { listOf, pageParam, documentMeta } from './pagination.ts';
import { SORT_FIELDS, SORT_ORDERS, VIDEO_TYPES } from './user.ts';

export const WATCH_FILTERS = ['watched', 'unwatched', 'continue'] as const;

/** Playback state: `watched` is global, `position`/`progress` (percent) are the caller's own. */
export const player = z.object({
  duration: z.number().int(),
  duration_str: z.string(),
  position: z.number().optional(),
  progress: z.number().optional(),
  watched: z.boolean(),
  /** epoch seconds */
  watched_date: z.number().int().optional(),
});
export type Player = z.infer<typeof player>;

export const videoStats = z.object({
  average_rating: z.number().nullable(),
  dislike_count: z.number().int(),
  like_count: z.number().int(),
  view_count: z.number().int(),
});

export const videoStream = z.object({
  bitrate: z.number().int(),
  codec: z.string(),
  height: z.number().int().optional(),
  index: z.number().int(),
  type: z.string(),
  width: z.number().int().optional(),
});
export type VideoStream = z.infer<typeof videoStream>;

export const videoSubtitle = z.object({
  ext: z.string(),
  lang: z.string(),
  /** `/youtube/<channel_id>/<id>.<lang>.vtt` */
  media_url: z.string(),
  name: z.string(),
  source: z.string(),
  url: z.string().nullable(),
});
export type VideoSubtitle = z.infer<typeof videoSubtitle>;

/**
 * SponsorBlock data as fetched (upstream §8). Segments are kept as the service returns them:
 * `{UUID, segment: [start, end], category, actionType, votes, locked, videoDuration, description}`.
 */
export const sponsorBlock = z.looseObject({
  has_unlocked: z.boolean().optional(),
  is_enabled: z.boolean(),
  last_refresh: z.number().optional(),
  segments: z.array(z.looseObject({})),
});

/** A video as the API shows it (upstream §1.11); keys in alphabetical order like upstream. */
export const video = z.object({
  ...documentMeta,
  active: z.boolean(),
  category: z.array(z.string()),
  channel,
  comment_count: z.number().int().nullable(),
  /** epoch seconds */
  date_downloaded: z.number().int(),
  description: z.string().nullable(),
  media_size: z.number().int(),
  /** `/youtube/<channel_id>/<id>.mp4` */
  media_url: z.string(),
  player,
  /** ids of the playlists that contain the video */
  playlist: z.array(z.string()),
  /** ISO-8601 UTC */
  published: z.string(),
  sponsorblock: sponsorBlock.nullable(),
  stats: videoStats,
  streams: z.array(videoStream),
  subtitles: z.array(videoSubtitle),
  tags: z.array(z.string()),
  title: z.string(),
  vid_last_refresh: z.string(),
  /** same as vid_thumb_url (the spec names both) */
  vid_thumb: z.string(),
  /** `/cache/videos/<first char lowercased>/<id>.jpg` */
  vid_thumb_url: z.string(),
  vid_type: z.enum(VIDEO_TYPES),
  youtube_id: z.string(),
});
export type Video = z.infer<typeof video>;

export const videoListQuery = z.object({
  playlist: z.string().min(1).max(128).optional(),
  channel: z.string().min(1).max(64).optional(),
  watch: z.enum(WATCH_FILTERS).optional(),
  sort: z.enum(SORT_FIELDS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  type: z.enum(VIDEO_TYPES).optional(),
  height: z.coerce
    .number({ message: 'height must be a number' })
    .int('height must be a whole number')
    .min(0)
    .max(100_000)
    .optional(),
  page: pageParam.optional(),
});
export type VideoListQuery = z.infer<typeof videoListQuery>;

export const videoList = listOf(video);
export type VideoList = z.infer<typeof videoList>;

export const videoIdParams = z.object({ id: z.string().min(1).max(64) });

const commentFields = {
  comment_author: z.string(),
  comment_author_id: z.string().nullable(),
  comment_author_is_uploader: z.boolean(),
  comment_author_thumbnail: z.string().nullable(),
  comment_id: z.string(),
  comment_is_favorited: z.boolean(),
  comment_likecount: z.number().int(),
  /** "root" or the id of the comment replied to */
  comment_parent: z.string(),
  comment_text: z.string(),
  /** "YYYY-MM-DD", or "YYYY-MM-DD HH:MM" when the UTC time is not midnight */
  comment_time_text: z.string(),
  /** epoch seconds */
  comment_timestamp: z.number().int(),
};
/** A reply: YouTube threads are one level deep, so a reply's own list is always empty. */
export const commentReply = z.object({ ...commentFields, comment_replies: z.array(z.never()) });
export const comment = z.object({ ...commentFields, comment_replies: z.array(commentReply) });
export type Comment = z.infer<typeof comment>;
export type CommentReply = z.infer<typeof commentReply>;
export const commentList = z.array(comment);

export const playlistNavVideo = z.object({
  downloaded: z.boolean(),
  idx: z.number().int(),
  title: z.string(),
  uploader: z.string().nullable(),
  /** `/cache/videos/<x>/<id>.jpg` */
  vid_thumb: z.string(),
  youtube_id: z.string(),
});
export type PlaylistNavVideo = z.infer<typeof playlistNavVideo>;

/** Previous and next downloaded video in one playlist containing the video (upstream §1.4). */
export const playlistNavItem = z.object({
  playlist_meta: z.object({
    current_idx: z.number().int(),
    playlist_channel: z.string().nullable(),
    playlist_id: z.string(),
    playlist_name: z.string(),
  }),
  playlist_next: playlistNavVideo.nullable(),
  playlist_previous: playlistNavVideo.nullable(),
});
export type PlaylistNavItem = z.infer<typeof playlistNavItem>;
export const playlistNav = z.array(playlistNavItem);

export const similarVideos = z.array(video);
