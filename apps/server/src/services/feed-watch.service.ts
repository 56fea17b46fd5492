import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '@tubekeeper/contract';
import type {
  ArchiveRefreshRepository,
  SubscribedChannel,
} from '../repositories/archive-refresh.repository.ts';
import type { FeedCheckRepository, FeedCheckRow } from '../repositories/feed-check.repository.ts';
import {
  FEED_UNREACHABLE as UNREACHABLE,
  type FeedEntry,
  type FeedKind,
  type FeedRepository,
} from '../repositories/feed.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { ScanEntry, ScanSource } from './queue-extractor.service.ts';
import type { ScanQueue } from './subscription-scan.service.ts';
import {
  channelTypeLimits,
  feedEntryLimit,
  leaveOutEarly,
  nextLeftOut,
  parseLeftOut,
  type TypeLimits,
} from './scan-type-limits.ts';
import type { HealthRecorder } from './subscription-health.service.ts';
import { isToolFailure, scanStopped } from './tool-failure.ts';

export interface FeedWatchOptions {
  /** feeds read at the same time (default 4) */
  concurrency?: number;
  /** each request waits a random 0..jitterMs first, so checks do not hit the provider in lockstep (default 250) */
  jitterMs?: number;
  now?: () => number;
}

export interface FeedWatchResult {
  checked: number;
  /** feeds answered 304 */
  unchanged: number;
  added: number;
  /** videos found but not queued (their metadata could not be fetched) */
  notQueued: { input: string; error: string }[];
  failed: { id: string; name: string; message: string }[];
  stopped: boolean;
}

const FEED_CHECK_STOPPED =
  'The check stopped; the feeds not handled are read again at the next check once yt-dlp works.';
const FEED_CHECK_UNREACHABLE =
  'The check stopped, every subscription left as it was; the feeds are read again at the next check.';

interface FeedTarget {
  kind: FeedKind;
  id: string;
  name: string;
  /** how many of the feed's entries count (page-size overwrites); 0 skips the feed */
  limit: number | null;
  /** a channel's page sizes per video type (its feed mixes them); a playlist has none */
  typeLimits?: TypeLimits;
  source: ScanSource;
}

/**
 * check_feeds (issue 16): the Atom feed of every subscribed channel and playlist, read with conditional
 * requests, a few at a time with jitter. Only the ids the feed lists that are not queued, ignored,
 * blocked or archived reach yt-dlp (the queue's scan path leaves the others out), so an unchanged feed
 * costs one small HTTP request and no provider call. The deep scan (update_subscribed) stays the
 * backstop for what a feed misses (more than 15 uploads between checks, members-only, some shorts).
 */
export class FeedWatchService {
  private readonly concurrency: number;
  private readonly jitterMs: number;
  private readonly now: () => number;

  constructor(
    private readonly deps: {
      rows: Pick<ArchiveRefreshRepository, 'subscribedChannels' | 'subscribedPlaylists'>;
      feeds: Pick<FeedRepository, 'fetch'>;
      checks: FeedCheckRepository;
      queue: ScanQueue;
      appConfig: AppConfigService;
      /** a provider failure with its category and advice (failure-diagnosis.service.ts) */
      explain: (error: unknown) => Promise<string>;
      /** per channel and playlist: the last failure */
      health: HealthRecorder;
    },
    options: FeedWatchOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.jitterMs = options.jitterMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  async run(options: { signal?: AbortSignal; reporter?: ProgressReporter } = {}): Promise<FeedWatchResult> {
    const { signal } = options;
    const reporter = options.reporter ?? silentReporter;
    const config = await this.deps.appConfig.get();
    const targets = await this.targets(config);
    const previous = await this.deps.checks.all();
    const result: FeedWatchResult = {
      checked: 0,
      unchanged: 0,
      added: 0,
      notQueued: [],
      failed: [],
      stopped: false,
    };
    let next = 0;
    // the first failure that ends the check (network down, yt-dlp missing or broken) stops every
    // worker before its next feed, so nothing is read or queued after the task has ended
    let stop: { error: unknown } | undefined;
    const worker = async () => {
      while (!signal?.aborted && !stop && next < targets.length) {
        const target = targets[next++]!;
        try {
          await this.check(target, previous.get(target.id), config, result, signal);
        } catch (error) {
          stop ??= { error };
          return;
        }
        reporter.update(result.checked / Math.max(targets.length, 1), [
          `Checking feeds ${result.checked}/${targets.length}`,
          `${result.added} new`,
        ]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, targets.length) }, worker));
    if (stop) throw stop.error;
    result.stopped = !!signal?.aborted;
    return result;
  }

  private async targets(config: AppConfig): Promise<FeedTarget[]> {
    const channels = (await this.deps.rows.subscribedChannels()).map((c: SubscribedChannel): FeedTarget => {
      // the feed lists videos, shorts and streams: each type's page size (or the overwrite) bounds its own
      const typeLimits = channelTypeLimits(config.subscriptions, c.overwrites);
      return {
        kind: 'channel',
        id: c.channel_id,
        name: c.channel_name,
        limit: feedEntryLimit(typeLimits),
        typeLimits,
        source: { channelId: c.channel_id, channelName: c.channel_name },
      };
    });
    const playlists = (await this.deps.rows.subscribedPlaylists()).map((p): FeedTarget => ({
      kind: 'playlist',
      id: p.playlist_id,
      name: p.playlist_name,
      limit: config.subscriptions.playlist_size,
      source: {},
    }));
    return [...channels, ...playlists].filter((t) => t.limit !== 0);
  }

  private async check(
    target: FeedTarget,
    before: FeedCheckRow | undefined,
    config: AppConfig,
    result: FeedWatchResult,
    signal?: AbortSignal,
  ): Promise<void> {
    if (this.jitterMs > 0) {
      await sleep(Math.random() * this.jitterMs, undefined, { signal }).catch(() => undefined);
      if (signal?.aborted) return;
    }
    const answer = await this.deps.feeds.fetch(
      target.kind,
      target.id,
      { etag: before?.etag ?? null, lastModified: before?.last_modified ?? null },
      signal,
    );
    if (signal?.aborted) return;
    result.checked += 1;
    const row: FeedCheckRow = {
      target_id: target.id,
      kind: target.kind,
      etag: before?.etag ?? null,
      last_modified: before?.last_modified ?? null,
      checked_at: this.now(),
      last_new_at: before?.last_new_at ?? null,
      last_error: null,
      left_out: before?.left_out ?? null,
    };
    // no answer from the provider's host (refused, no DNS, no route, timed out): the network is down, not
    // this feed, and every other feed would fail the same way; the check ends, as a deep scan does
    if (answer.status === 'failed' && answer.error.startsWith(UNREACHABLE)) {
      throw new Error(
        `cannot reach the provider while checking the feed of ${target.name} (${answer.error}). ${FEED_CHECK_UNREACHABLE}`,
      );
    }
    if (answer.status === 'failed') {
      result.failed.push({ id: target.id, name: target.name, message: answer.error });
      await this.deps.health.failed(target.id, target.kind, 'feed', answer.error);
      await this.deps.checks.save({ ...row, last_error: answer.error });
      return;
    }
    if (answer.status === 'unchanged') {
      result.unchanged += 1;
      await this.deps.checks.save(row);
      return;
    }
    const listed = answer.entries.slice(0, target.limit ?? undefined);
    const leftOutBefore = parseLeftOut(before?.left_out ?? null);
    const { typeLimits } = target;
    const early = typeLimits ? listed.filter((e) => leaveOutEarly(e, leftOutBefore, typeLimits)) : [];
    const entries = listed.filter((e) => !early.includes(e)).map((e) => feedScanEntry(e, target.source));
    let report;
    try {
      report = await this.deps.queue.enqueueFromScan(entries, target.source, {
        autoStart: config.subscriptions.auto_start,
        ...(typeLimits && { typeLimits }),
        ...(signal && { signal }),
      });
    } catch (error) {
      // the provider is unreachable or yt-dlp missing or broken: the whole check ends, as a scan does
      if (isToolFailure(error))
        throw scanStopped(error, `while queueing new videos of ${target.name}`, FEED_CHECK_STOPPED);
      await this.deps.health.failed(
        target.id,
        target.kind,
        'feed',
        error instanceof Error ? error.message : String(error),
      );
      const message = await this.deps.explain(error);
      result.failed.push({ id: target.id, name: target.name, message });
      await this.deps.checks.save({ ...row, last_error: message });
      return;
    }
    result.added += report.added;
    result.notQueued.push(...report.failures);
    // the validators are kept only when the entries were handled, so a failed enqueue is read again
    const leftOut = nextLeftOut(leftOutBefore, early, report.leftOut ?? []);
    await this.deps.checks.save({
      ...row,
      etag: answer.validators.etag,
      last_modified: answer.validators.lastModified,
      left_out: leftOut && JSON.stringify(leftOut),
      ...(report.added > 0 && { last_new_at: this.now() }),
    });
  }
}

/**
 * A feed (or pushed) entry in the shape of a flat listing entry (what the queue's scan path reads); a
 * `/shorts/` link makes it a short, anything else is typed by its metadata.
 */
export function feedScanEntry(entry: FeedEntry, source: ScanSource): ScanEntry {
  const channelId = entry.channelId ?? source.channelId;
  return {
    ...(entry.short && { vidType: 'shorts' as const }),
    entry: {
      id: entry.videoId,
      title: entry.title,
      url: `https://www.youtube.com/${entry.short ? 'shorts/' : 'watch?v='}${entry.videoId}`,
      ...(channelId && { channel_id: channelId }),
      ...(source.channelName && { channel: source.channelName }),
      ...(entry.published !== undefined && { timestamp: Math.floor(entry.published / 1000) }),
    },
  };
}
