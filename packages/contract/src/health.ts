import { z } from 'zod';
import { FAILURE_CATEGORIES, failureDiagnosis } from './download.ts';

/** The three ways new uploads are found: the deep scan, the feed check and the push (issue 16). */
export const HEALTH_SOURCES = ['scan', 'feed', 'push'] as const;

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
  /**
   * Subscribed channels and playlists whose deep scan, feed check or push fails now (the newest such
   * failure of each); one that works again drops out.
   */
  failing_subscriptions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['channel', 'playlist']),
      name: z.string().nullable(),
      /** which way of finding uploads fails */
      source: z.enum(HEALTH_SOURCES),
      last_error: z.string(),
      /** what the error means (failure diagnosis) */
      category: z.enum(FAILURE_CATEGORIES),
      /** ISO-8601 UTC: when it failed */
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

/** What a channel and a playlist share: how their new uploads are found. Times ISO-8601 UTC, null: never. */
const subscriptionHealthFields = {
  subscribed: z.boolean(),
  /** whether the deep scan, the feed check or the push fails now (its error below) */
  failing: z.boolean(),
  /** the last feed check (check_feeds) */
  last_feed_check: z.string().nullable(),
  /** that check's error; null when it went well */
  feed_error: z.string().nullable(),
  /** when a feed check last queued a new upload */
  last_new_upload: z.string().nullable(),
  /** when the deep scan (update_subscribed) last went over it */
  last_deep_scan: z.string().nullable(),
  /** that scan's error; null when it went well */
  scan_error: z.string().nullable(),
  /** the last failure of the deep scan, the feed check or the push, with what it means; kept after a recovery */
  last_failure: z
    .object({
      at: z.string(),
      source: z.enum(HEALTH_SOURCES),
      message: z.string(),
      diagnosis: failureDiagnosis,
    })
    .nullable(),
};

/**
 * `GET /api/channel/{id}/health/` (staff, issue 16): how new uploads of one channel are found, on its About
 * tab and on the Downloads page filtered by it.
 */
export const channelHealth = z.object({
  channel_id: z.string(),
  channel_name: z.string(),
  ...subscriptionHealthFields,
  /** the push subscription at the WebSub hub (TK_PUBLIC_URL); null when there is none */
  push: z
    .object({
      state: z.enum(['subscribing', 'active', 'unsubscribing']),
      lease_expires_at: z.string().nullable(),
      last_push_at: z.string().nullable(),
      /** the hub's refusal or denial, or a pushed video that could not be queued; null when none */
      error: z.string().nullable(),
    })
    .nullable(),
});
export type ChannelHealth = z.infer<typeof channelHealth>;

/** `GET /api/playlist/{id}/health/` (staff, issue 16): the same for a playlist (no push: the hub has none). */
export const playlistHealth = z.object({
  playlist_id: z.string(),
  playlist_name: z.string(),
  ...subscriptionHealthFields,
});
export type PlaylistHealth = z.infer<typeof playlistHealth>;

/** `GET /api/health/channels/` (staff): subscribed channels failing now, newest failure first (at most 50). */
export const failingChannels = z.object({ data: z.array(channelHealth) });
export type FailingChannels = z.infer<typeof failingChannels>;

/** `GET /api/health/playlists/` (staff): subscribed playlists failing now, newest failure first (at most 50). */
export const failingPlaylists = z.object({ data: z.array(playlistHealth) });
export type FailingPlaylists = z.infer<typeof failingPlaylists>;
