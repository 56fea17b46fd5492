import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FailureCategory } from '@tubekeeper/contract';
import type {
  VideoTotalsTable,
  UserWatchTotalsTable,
  VideoListVersionTable,
  VideoPageTokensTable,
  PlayerChangesTable,
  ChannelFlagTotalsTable,
  ChannelVideoTotalsTable,
  QueueTotalsTable,
  QueueCountTotalsTable,
  QueueChannelTotalsTable,
  DownloadQuartersTable,
  PlaylistFlagTotalsTable,
} from './tables-totals.ts';

/**
 * Column conventions, the same on both engines: times are epoch milliseconds (bigint),
 * flags are integers 0/1, structured values are JSON text.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  is_staff: number;
  is_superuser: number;
  is_active: number;
  date_joined: number;
  last_login: number | null;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a leaked database does not leak live sessions. */
  key_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** Failed sign-in counters (migration 0031), keyed by a sha256 of what they count. */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  /** the last counted attempt, or the start of an address's window */
  since: number;
}

export interface ApiTokensTable {
  key: string;
  user_id: number;
  created_at: number;
}

export interface UserConfigsTable {
  user_id: number;
  config: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface ChannelsTable {
  channel_id: string;
  channel_name: string;
  channel_subs: number;
  channel_subscribed: number;
  channel_active: number;
  channel_last_refresh: number;
  channel_views: number;
  channel_description: string | null;
  /** JSON string[] */
  channel_tags: string;
  /** JSON string[]: which of videos, streams, shorts the channel has */
  channel_tabs: string;
  channel_thumb_url: string | null;
  channel_banner_url: string | null;
  channel_tvart_url: string | null;
  /** JSON object of the per-channel overwrites (spec §3) */
  channel_overwrites: string;
}

export interface VideosTable {
  youtube_id: string;
  channel_id: string;
  title: string;
  description: string | null;
  /** JSON string[] */
  category: string;
  /** JSON string[] */
  tags: string;
  vid_type: 'videos' | 'streams' | 'shorts';
  active: number;
  published: number;
  date_downloaded: number;
  vid_last_refresh: number;
  /** relative to the media root: <channel_id>/<youtube_id>.mp4 */
  media_url: string;
  media_size: number;
  /** seconds, from ffprobe */
  duration: number;
  width: number;
  height: number;
  /** JSON [{index, type, codec, bitrate, width?, height?}] */
  streams: string;
  view_count: number;
  like_count: number;
  dislike_count: number;
  average_rating: number | null;
  comment_count: number | null;
  /** JSON {is_enabled, has_unlocked, segments, ...} or null when never fetched */
  sponsorblock: string | null;
  /** the provider's thumbnail URL, kept for re-downloading art */
  thumb_url: string | null;
}

export interface SubtitlesTable {
  youtube_id: string;
  lang: string;
  name: string;
  source: 'user' | 'auto' | 'file';
  ext: string;
  /** relative to the media root: <channel_id>/<youtube_id>.<lang>.vtt */
  media_url: string;
  url: string | null;
}

export interface SubtitleFragmentsTable {
  id: Generated<number>;
  youtube_id: string;
  lang: string;
  source: string;
  fragment_index: number;
  start_ms: number;
  end_ms: number;
  line: string;
}

export interface CommentsTable {
  comment_id: string;
  youtube_id: string;
  parent_id: string | null;
  position: number;
  author: string;
  author_id: string | null;
  author_thumbnail: string | null;
  author_is_uploader: number;
  text: string;
  /** seconds since the epoch */
  timestamp: number;
  like_count: number;
  is_favorited: number;
}

export interface PlaylistsTable {
  playlist_id: string;
  playlist_name: string;
  playlist_type: 'regular' | 'custom';
  playlist_channel: string | null;
  playlist_channel_id: string | null;
  playlist_description: string | null;
  playlist_subscribed: number;
  playlist_active: number;
  playlist_last_refresh: number;
  playlist_sort_order: 'top' | 'bottom';
  playlist_thumb_url: string | null;
}

export interface PlaylistEntriesTable {
  playlist_id: string;
  idx: number;
  youtube_id: string;
  title: string | null;
  uploader: string | null;
}

export interface WatchProgressTable {
  user_id: number;
  youtube_id: string;
  position: number;
  updated_at: number;
}

export interface DownloadQueueTable {
  youtube_id: string;
  title: string;
  channel_id: string;
  channel_name: string;
  vid_thumb_url: string | null;
  vid_type: 'videos' | 'streams' | 'shorts';
  published: number | null;
  duration: number | null;
  auto_start: number;
  message: string | null;
  /** the failure's category and advice (issue 16); meaningful only while `message` is set */
  error_category: FailureCategory | null;
  error_advice: string | null;
  /** epoch ms from which a failed premiere or live stream is tried again */
  retry_at: number | null;
  timestamp: number;
  status: 'pending' | 'ignore' | 'priority' | 'ignore-force';
  /** the download run holding the item now (a lease, migration 0013) */
  claimed_by: string | null;
  /** epoch ms the lease ends unless renewed; after that another run may take the item */
  claimed_until: number | null;
}

export interface WebsubSubscriptionsTable {
  channel_id: string;
  /** the feed URL the hub knows the subscription by */
  topic: string;
  /** HMAC key of the pushes' X-Hub-Signature */
  secret: string;
  /** `subscribing` while a subscribe or renewal waits for the hub's verification (the only time it is answered) */
  state: 'subscribing' | 'active' | 'unsubscribing';
  /** when this subscription was first asked for */
  created_at: number;
  /** when the last subscribe or unsubscribe request went to the hub */
  requested_at: number;
  /** from the hub's verification: when the subscription ends unless renewed */
  lease_expires_at: number | null;
  last_push_at: number | null;
  /** the hub's refusal or denial; null after a good request */
  last_error: string | null;
}

export type HealthSource = 'scan' | 'feed' | 'push';

export interface SubscriptionHealthTable {
  /** channel or playlist id */
  target_id: string;
  kind: 'channel' | 'playlist';
  /** when update_subscribed last went over it */
  last_scan_at: number | null;
  last_failure_at: number | null;
  /** which way of finding uploads failed: deep scan, feed check or push */
  last_failure_source: HealthSource | null;
  /** yt-dlp's (or the feed's, or the hub's) text; kept after the subscription recovered */
  last_failure: string | null;
  /** the last deep scan's error; null after a good scan (migration 0029) */
  scan_error: string | null;
}

export interface FeedChecksTable {
  /** channel or playlist id */
  target_id: string;
  kind: 'channel' | 'playlist';
  etag: string | null;
  last_modified: string | null;
  checked_at: number;
  /** when the feed last brought a video that was queued */
  last_new_at: number | null;
  /** null after a good check */
  last_error: string | null;
  /** JSON: the entries of the last feed left out for their type (migration 0028), or null */
  left_out: string | null;
}

export interface TasksTable {
  id: string;
  name: string;
  status: 'pending' | 'running' | 'success' | 'failed' | 'stopped';
  title: string;
  group_name: string;
  level: 'info' | 'error';
  /** JSON string[] */
  messages: string;
  progress: number;
  command: 'stop' | 'kill' | null;
  /** JSON arguments of the run */
  payload: string;
  result: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  visible_until: number | null;
  /** the task name while a locked task is pending or running, else null (unique: migration 0003) */
  lock_key: string | null;
}

export interface ReindexQueueTable {
  kind: 'video' | 'channel' | 'playlist';
  item_id: string;
  /** 1: also queue the channel's or playlist's videos for download */
  extract_videos: number;
  added_at: number;
}

/** Lines of a queue add not yet resolved into queue rows (migration 0017). */
export interface QueueAdditionsTable {
  batch: string;
  line: number;
  input: string;
  status: 'pending' | 'ignore';
  /** JSON: { auto_start, flat?, force? } */
  options: string;
  created_at: number;
  /** set when a run stopped on a yt-dlp or network failure: the next add, download run or start resumes it (0023) */
  held_at: number | null;
}

/** Ids a staff member deleted from the queue on purpose: rescans skip them (migration 0008). */
export interface DownloadBlocklistTable {
  youtube_id: string;
  blocked_at: number;
}

/**
 * A video one user marked watched (migration 0030: watched is per user). `vid_type` and `duration_ms` are
 * the video's, copied by a trigger on `videos`, so the user's totals can follow a cascaded delete.
 */
export interface VideoWatchesTable {
  user_id: number;
  youtube_id: string;
  /** epoch ms; null only when an upstream backup said watched without a date */
  watched_date: number | null;
  vid_type: 'videos' | 'streams' | 'shorts';
  duration_ms: number;
}

/** One scheduled task (migration 0011); times in epoch ms. */
export interface SchedulesTable {
  name: string;
  /** "minute hour day_of_week" in TZ */
  schedule: string;
  /** the due slot; moved on by the one process that fires it */
  next_run_at: number;
  last_run_at: number | null;
  last_task_id: string | null;
}

export type * from './tables-totals.ts';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  api_tokens: ApiTokensTable;
  user_configs: UserConfigsTable;
  app_settings: AppSettingsTable;
  channels: ChannelsTable;
  videos: VideosTable;
  subtitles: SubtitlesTable;
  subtitle_fragments: SubtitleFragmentsTable;
  comments: CommentsTable;
  playlists: PlaylistsTable;
  playlist_entries: PlaylistEntriesTable;
  watch_progress: WatchProgressTable;
  download_queue: DownloadQueueTable;
  download_blocklist: DownloadBlocklistTable;
  feed_checks: FeedChecksTable;
  websub_subscriptions: WebsubSubscriptionsTable;
  subscription_health: SubscriptionHealthTable;
  tasks: TasksTable;
  reindex_queue: ReindexQueueTable;
  video_totals: VideoTotalsTable;
  video_watches: VideoWatchesTable;
  user_watch_totals: UserWatchTotalsTable;
  video_list_version: VideoListVersionTable;
  video_page_tokens: VideoPageTokensTable;
  player_changes: PlayerChangesTable;
  channel_video_totals: ChannelVideoTotalsTable;
  channel_flag_totals: ChannelFlagTotalsTable;
  playlist_flag_totals: PlaylistFlagTotalsTable;
  queue_totals: QueueTotalsTable;
  queue_count_totals: QueueCountTotalsTable;
  queue_channel_totals: QueueChannelTotalsTable;
  download_quarters: DownloadQuartersTable;
  schedules: SchedulesTable;
  queue_additions: QueueAdditionsTable;
}

export type ChannelRow = Selectable<ChannelsTable>;
export type VideoRow = Selectable<VideosTable>;
export type SubtitleRow = Selectable<SubtitlesTable>;
export type CommentRow = Selectable<CommentsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type PlaylistEntryRow = Selectable<PlaylistEntriesTable>;
export type DownloadQueueRow = Selectable<DownloadQueueTable>;
export type TaskRow = Selectable<TasksTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
