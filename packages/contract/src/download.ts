import { z } from 'zod';
import { listOf, pageParam, queryBoolean, documentMeta } from './pagination.ts';

/** Statuses a queue item is stored with; `priority` and `ignore-force` are requests that lead to them. */
export const DOWNLOAD_STATUSES = ['pending', 'ignore'] as const;
export const DOWNLOAD_VID_TYPES = ['videos', 'streams', 'shorts'] as const;

/**
 * What a provider failure means (issue 16): every yt-dlp error text is put in one of these, with advice.
 * `not_yet_available` is a premiere or live stream that has not started; `throttled` is HTTP 429/403 or a
 * session rate limit; `ytdlp_outdated` is an extractor that no longer understands the site.
 */
export const FAILURE_CATEGORIES = [
  'bot_check',
  'members_only',
  'age_restricted',
  'geo_blocked',
  'private',
  'removed',
  'not_yet_available',
  'format_unavailable',
  'throttled',
  'network_down',
  'ytdlp_outdated',
  'ytdlp_missing',
  'unknown',
] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

/** A failure's category, its label, what to do about it and, for a premiere, when it is tried again. */
export const failureDiagnosis = z.object({
  category: z.enum(FAILURE_CATEGORIES),
  /** "Bot check / sign-in required" */
  label: z.string(),
  /** "Import a cookie (Settings > Application) or set a PO token." */
  advice: z.string(),
  /** ISO-8601 UTC: the item is tried again from then on (premieres, live streams); null otherwise */
  retry_at: z.string().nullable(),
});
export type FailureDiagnosis = z.infer<typeof failureDiagnosis>;

/** A download queue item as the API shows it (upstream §1.11 "Download item"); keys alphabetical. */
export const downloadItem = z.object({
  ...documentMeta,
  auto_start: z.boolean(),
  channel_id: z.string(),
  /** whether the channel is in the archive (the web links it then) */
  channel_indexed: z.boolean(),
  channel_name: z.string(),
  /** added to upstream's shape: what the last failure means and what to do; absent when there was none */
  diagnosis: failureDiagnosis.optional(),
  /** "12m 03s", or "NA" when unknown */
  duration: z.string(),
  /** the error of the last download attempt; absent when there was none */
  message: z.string().optional(),
  /** ISO-8601 UTC, or null when the provider did not say */
  published: z.string().nullable(),
  status: z.enum(DOWNLOAD_STATUSES),
  /** epoch seconds when the item was queued */
  timestamp: z.number().int(),
  title: z.string(),
  /** `/cache/videos/<x>/<id>.jpg`, or null when the provider had no thumbnail */
  vid_thumb_url: z.string().nullable(),
  vid_type: z.enum(DOWNLOAD_VID_TYPES),
  youtube_id: z.string(),
});
export type DownloadItem = z.infer<typeof downloadItem>;

export const downloadList = listOf(downloadItem);
export type DownloadList = z.infer<typeof downloadList>;

/** `GET /api/download/`: unknown parameters are refused, as upstream does. */
export const downloadListQuery = z.strictObject({
  filter: z.enum(DOWNLOAD_STATUSES).optional(),
  channel: z.string().min(1).max(64).optional(),
  vid_type: z.enum(DOWNLOAD_VID_TYPES).optional(),
  /** words the title contains, the last one as a prefix (upstream match_phrase_prefix) */
  q: z.string().trim().max(200).optional(),
  /** true: only items whose last attempt failed; false: only the others */
  error: queryBoolean.optional(),
  page: pageParam.optional(),
});
export type DownloadListQuery = z.infer<typeof downloadListQuery>;

/** Bulk changes and deletes select items like the list does; the status filter is required there. */
export const downloadBulkQuery = z.strictObject({
  filter: z.enum([...DOWNLOAD_STATUSES, 'priority']),
  channel: z.string().min(1).max(64).optional(),
  vid_type: z.enum(DOWNLOAD_VID_TYPES).optional(),
  error: queryBoolean.optional(),
});
export type DownloadBulkQuery = z.infer<typeof downloadBulkQuery>;

export const downloadDeleteQuery = z.strictObject({
  filter: z.enum(DOWNLOAD_STATUSES),
  channel: z.string().min(1).max(64).optional(),
  vid_type: z.enum(DOWNLOAD_VID_TYPES).optional(),
});
export type DownloadDeleteQuery = z.infer<typeof downloadDeleteQuery>;

export const downloadAggsQuery = z.strictObject({ filter: z.enum(DOWNLOAD_STATUSES).optional() });

/** Channels of the queue with their item counts (upstream multi_terms shape). */
export const downloadAggs = z.object({
  doc_count_error_upper_bound: z.number().int(),
  sum_other_doc_count: z.number().int(),
  buckets: z.array(
    z.object({
      /** [channel name, channel id] */
      key: z.tuple([z.string(), z.string()]),
      key_as_string: z.string(),
      doc_count: z.number().int(),
    }),
  ),
});
export type DownloadAggs = z.infer<typeof downloadAggs>;

export const downloadAddQuery = z.strictObject({
  /** queue the items with auto_start and start downloading them */
  autostart: queryBoolean.optional(),
  /** build items from the flat listing, without a metadata call per video */
  flat: queryBoolean.optional(),
  /** queue videos even when they are archived already (download again) */
  force: queryBoolean.optional(),
});
export type DownloadAddQuery = z.infer<typeof downloadAddQuery>;

/** `POST /api/download/`: every entry is an id or URL of a video, channel or playlist. */
export const downloadAddRequest = z.object({
  data: z
    .array(
      z.object({
        youtube_id: z.string().trim().min(1, 'youtube_id is empty').max(2000),
        status: z.enum(['pending', 'ignore', 'ignore-force']).default('pending'),
      }),
    )
    .min(1, 'data needs at least one id or URL')
    .max(10_000, 'at most 10000 entries per request'),
});
export type DownloadAddRequest = z.input<typeof downloadAddRequest>;

export const downloadTaskStarted = z.object({ message: z.string(), task_id: z.string() });
export type DownloadTaskStarted = z.infer<typeof downloadTaskStarted>;

export const downloadItemUpdate = z.strictObject({
  status: z.enum(['pending', 'ignore', 'ignore-force', 'priority']),
});
export type DownloadItemUpdate = z.infer<typeof downloadItemUpdate>;

export const downloadBulkUpdate = z.strictObject({
  status: z.enum(['pending', 'ignore', 'priority', 'clear_error']),
});
export type DownloadBulkUpdate = z.infer<typeof downloadBulkUpdate>;

export const downloadIdParams = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/health/?details=true` (staff): what monitoring needs beyond upstream's `"OK"` (issue 16). */
export const healthReport = z.object({
  /** READ_ONLY: start-up recovery could not finish (a full disk); reads work, writes answer 503 */
  status: z.enum(['OK', 'READ_ONLY']),
  /** why the server is read-only and since when (ISO-8601 UTC); null when it is not */
  read_only: z.object({ reason: z.string(), since: z.string() }).nullable(),
  ytdlp: z.object({
    /** `yt-dlp --version`; null when yt-dlp does not run */
    version: z.string().nullable(),
    /** days since that release; null when the version is not a release date */
    age_days: z.number().int().nullable(),
  }),
  /** ISO-8601 UTC of the newest download in the archive; null when none */
  last_download: z.string().nullable(),
  /** subscriptions whose last feed check failed */
  failing_subscriptions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['channel', 'playlist']),
      name: z.string().nullable(),
      last_error: z.string(),
      /** ISO-8601 UTC */
      checked_at: z.string(),
    }),
  ),
  /**
   * Who runs tasks (issue 14): `embedded` is this server alone; with REDIS_URL (`redis`) every live
   * `tubekeeper worker` (and `serve` with TK_WORKERS), each with what it runs now. A worker drops out
   * about TK_STALL_TIMEOUT_S after it stops answering.
   */
  task_runners: z.object({
    queue: z.enum(['embedded', 'redis']),
    workers: z.array(
      z.object({
        id: z.string(),
        host: z.string(),
        pid: z.number().int(),
        /** ISO-8601 UTC */
        started_at: z.string(),
        /** ISO-8601 UTC of its last heartbeat */
        seen_at: z.string(),
        running: z.array(
          z.object({
            task_id: z.string(),
            name: z.string(),
            title: z.string(),
            /** a share of a task spread over every worker (download_pending), not the whole task */
            part: z.boolean(),
          }),
        ),
      }),
    ),
  }),
});
export type HealthReport = z.infer<typeof healthReport>;
export const healthQuery = z.strictObject({ details: z.enum(['true', 'false']).optional() });

/**
 * `GET /api/channel/{id}/health/` (staff, issue 16): how new uploads of one channel are found, on its About
 * tab and on the Downloads page filtered by it. Times are ISO-8601 UTC, null when it never happened.
 */
export const channelHealth = z.object({
  channel_id: z.string(),
  channel_name: z.string(),
  subscribed: z.boolean(),
  /** the last feed check (check_feeds) */
  last_feed_check: z.string().nullable(),
  /** that check's error; null when it went well */
  feed_error: z.string().nullable(),
  /** when a feed check last queued a new upload */
  last_new_upload: z.string().nullable(),
  /** when the deep scan (update_subscribed) last went over the channel */
  last_deep_scan: z.string().nullable(),
  /** the push subscription at the WebSub hub (TK_PUBLIC_URL); null when there is none */
  push: z
    .object({
      state: z.enum(['subscribing', 'active', 'unsubscribing']),
      lease_expires_at: z.string().nullable(),
      last_push_at: z.string().nullable(),
    })
    .nullable(),
  /** the last failure of the deep scan, the feed check or the push, with what it means */
  last_failure: z
    .object({
      at: z.string(),
      source: z.enum(['scan', 'feed', 'push']),
      message: z.string(),
      diagnosis: failureDiagnosis,
    })
    .nullable(),
});
export type ChannelHealth = z.infer<typeof channelHealth>;

/** `GET /api/health/channels/` (staff): subscribed channels whose last failure is kept, newest first (at most 50). */
export const failingChannels = z.object({ data: z.array(channelHealth) });
export type FailingChannels = z.infer<typeof failingChannels>;
