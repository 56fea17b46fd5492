import { z } from 'zod';
import { channel } from './channel.ts';
import { pageParam } from './pagination.ts';
import { playlist } from './playlist.ts';
import { video } from './video.ts';

export const SEARCH_QUERY_TYPES = ['simple', 'video', 'channel', 'playlist', 'full', 'comment'] as const;
export type SearchQueryType = (typeof SEARCH_QUERY_TYPES)[number];

/** Results per section and page unless `page_size` says otherwise (upstream always answers 30, unpaged). */
export const SEARCH_PAGE_SIZE = 30;

/**
 * `GET /api/search/?query=…&page=…`. `query` is the upstream query language (`video:`, `channel:`,
 * `playlist:`, `full:`, `comment:` and keywords); `page` (1 = first, 0 or absent too) pages every section.
 */
export const searchQuery = z.object({
  query: z.string().optional(),
  page: pageParam.optional(),
  page_size: z.coerce
    .number({ message: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(100, 'page_size must be at most 100')
    .optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** Every hit carries upstream's index name and its relevance, rounded to two decimals. */
const hitMeta = { _index: z.string(), _score: z.number() };

/**
 * A subtitle fragment that matched (spec §3 "Fulltext hit"). `subtitle_line` is HTML: the text escaped, each
 * matched word wrapped in `<span class="settings-current">`. Times are "HH:MM:SS.mmm" like upstream.
 */
export const fulltextHit = z.object({
  ...hitMeta,
  subtitle_channel: z.string(),
  subtitle_channel_id: z.string(),
  subtitle_end: z.string(),
  subtitle_fragment_id: z.string(),
  subtitle_index: z.number().int(),
  subtitle_lang: z.string(),
  /** epoch seconds: when the video, and with it its subtitles, was last fetched */
  subtitle_last_refresh: z.number().int(),
  subtitle_line: z.string(),
  subtitle_source: z.string(),
  subtitle_start: z.string(),
  title: z.string(),
  vid_thumb_url: z.string(),
  youtube_id: z.string(),
});
export type FulltextHit = z.infer<typeof fulltextHit>;

/** An archived comment that matched (`comment:`); `comment_text` is HTML like `subtitle_line`. */
export const commentHit = z.object({
  ...hitMeta,
  comment_author: z.string(),
  comment_channel: z.string(),
  comment_channel_id: z.string(),
  comment_id: z.string(),
  comment_likecount: z.number().int(),
  comment_text: z.string(),
  /** epoch seconds */
  comment_timestamp: z.number().int(),
  title: z.string(),
  vid_thumb_url: z.string(),
  youtube_id: z.string(),
});
export type CommentHit = z.infer<typeof commentHit>;

export const videoHit = video.extend(hitMeta);
export const channelHit = channel.extend(hitMeta);
export const playlistHit = playlist.extend(hitMeta);

export const searchResponse = z.object({
  results: z.object({
    video_results: z.array(videoHit),
    channel_results: z.array(channelHit),
    playlist_results: z.array(playlistHit),
    fulltext_results: z.array(fulltextHit),
    comment_results: z.array(commentHit),
  }),
  queryType: z.enum(SEARCH_QUERY_TYPES),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** 400 without a query: upstream answers `message`, our errors `error`; both are sent. */
export const searchError = z.object({ error: z.string(), message: z.string().optional() });
