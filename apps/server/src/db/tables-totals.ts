import type { Generated } from 'kysely';

/**
 * Counts the database keeps for itself: totals and versions that triggers move with every write to the
 * tables they count, so lists, the Downloads page and the statistics read a row instead of counting.
 */

/** Kept by triggers (migrations 0012, 0030): the videos per type and active flag. */
export interface VideoTotalsTable {
  vid_type: 'videos' | 'streams' | 'shorts';
  active: number;
  doc_count: number;
  media_size: number;
  duration_ms: number;
}

/** Kept by triggers on `video_watches` (migration 0030): each user's watched videos per type. */
export interface UserWatchTotalsTable {
  user_id: number;
  vid_type: 'videos' | 'streams' | 'shorts';
  doc_count: number;
  duration_ms: number;
}

/** One row (id 1): moves with every write that may change a video list (migration 0027). */
export interface VideoListVersionTable {
  id: number;
  version: number;
}

/**
 * Scope 0: the archive a video list page reads; scope N: user N's marks and positions; scope -N: user N's
 * marks alone. Each token changes with every write to its scope (migrations 0037, 0038).
 */
export interface VideoPageTokensTable {
  scope: number;
  token: number | string;
}

/**
 * Kept by triggers (migration 0039): each change of a user's token (scope N above) and one video it touched,
 * linked from the token before it; the newest 20 000 rows.
 */
export interface PlayerChangesTable {
  seq: Generated<number>;
  user_id: number;
  prev_token: number | string | null;
  token: number | string;
  youtube_id: string;
}

/** Kept by triggers (migration 0012): each channel's videos. */
export interface ChannelVideoTotalsTable {
  channel_id: string;
  doc_count: number;
  media_size: number;
  duration_ms: number;
}

/** Kept by triggers (migration 0012): download queue items per status and type. */
export interface QueueTotalsTable {
  status: string;
  vid_type: string;
  doc_count: number;
}

/** Download queue counts per Downloads filter key, kept by triggers (migrations 0024, 0033). */
export interface QueueCountTotalsTable {
  status: string;
  vid_type: string;
  auto_start: number;
  failed: number;
  doc_count: number;
}

/** The same per channel (migrations 0024, 0033). */
export interface QueueChannelTotalsTable {
  channel_id: string;
  status: string;
  vid_type: string;
  failed: number;
  doc_count: number;
}

/** Kept by triggers (migration 0020): downloads per quarter hour (`date_downloaded` / 900 000). */
export interface DownloadQuartersTable {
  quarter: number;
  doc_count: number;
  media_size: number;
}

/** Kept by triggers (migration 0034): channels per active and subscribed flag, for the statistics. */
export interface ChannelFlagTotalsTable {
  channel_active: number;
  channel_subscribed: number;
  doc_count: number;
}

/** The same for playlists (migration 0034). */
export interface PlaylistFlagTotalsTable {
  playlist_active: number;
  playlist_subscribed: number;
  doc_count: number;
}
