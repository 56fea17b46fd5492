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
