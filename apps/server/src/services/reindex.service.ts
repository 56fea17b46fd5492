import type { RefreshRequest, RefreshStatus, RefreshStatusQuery } from '@tubekeeper/contract';
import { badRequest } from '../errors.ts';
import type { ArchiveRefreshRepository, RefreshKind } from '../repositories/archive-refresh.repository.ts';
import type { ReindexItem, ReindexQueueRepository } from '../repositories/reindex-queue.repository.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import { YtdlpError } from '../repositories/ytdlp.repository.ts';
import { providerSaysGone } from '../repositories/ytdlp-gone.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { ProviderIndexService } from './provider-index.service.ts';
import type { ReindexVideoService } from './reindex-video.service.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

const DAY_MS = 86_400_000;
/** Where check_reindex keeps its schedule config (`{days}`), until a scheduler owns it. */
export const REINDEX_CONFIG_KEY = 'task_config:check_reindex';
export const DEFAULT_REINDEX_DAYS = 90;
const RECENT_DAYS = 3;
const MAX_PER_RUN = 9999;

export interface ReindexDeps {
  queue: ReindexQueueRepository;
  rows: ArchiveRefreshRepository;
  videos: ReindexVideoService;
  providerIndex: ProviderIndexService;
  settings: YtdlpSettingsService;
  appSettings: SettingsRepository;
  now?: () => number;
  /** a provider failure with its category and advice (failure-diagnosis.service.ts) */
  explain: (error: unknown) => Promise<string>;
}

export interface ReindexResult {
  counts: Record<RefreshKind, number>;
  inactive: string[];
  failed: { id: string; message: string }[];
  /** videos refreshed whose subtitles the provider would not give: the archived ones were kept */
  subtitlesKept: { id: string; message: string }[];
  stopped: boolean;
}

/**
 * check_reindex (upstream §4.2). The reindex queue table holds what waits; a run drains it, so ids asked
 * for while a run is going are picked up by that run. A scheduled run first adds what is due: videos
 * published in the last 3 days and the oldest refreshed items, a share sized to spread a full refresh
 * over the configured days. Something the provider no longer has is marked inactive, never deleted.
 */
export class ReindexService {
  private readonly now: () => number;

  constructor(private readonly deps: ReindexDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** POST /api/refresh/: queues the ids; the caller starts the task. */
  async request(body: RefreshRequest, extractVideos: boolean): Promise<number> {
    const items: ReindexItem[] = [];
    for (const kind of ['video', 'channel', 'playlist'] as const) {
      for (const id of new Set(body[kind] ?? [])) {
        items.push({ kind, item_id: id, extract_videos: extractVideos && kind !== 'video' });
      }
    }
    if (!items.length) throw badRequest('nothing to reindex: give video, channel or playlist ids');
    await this.deps.queue.add(items, this.now());
    return items.length;
  }

  /** GET /api/refresh/ (upstream §1.3). */
  async status(query: RefreshStatusQuery): Promise<RefreshStatus> {
    if (query.id && !query.type) throw badRequest('specified id also needs type');
    if (query.id) {
      const queued = await this.deps.queue.has(query.type!, query.id);
      return { state: queued ? 'in_queue' : false, total_queued: await this.deps.queue.count(query.type) };
    }
    const total = await this.deps.queue.count(query.type);
    return { state: total > 0 ? 'running' : 'empty', total_queued: total };
  }

  /** The schedule config's `days`; the default is stored on first use so the settings show it. */
  async intervalDays(): Promise<number> {
    const stored = (await this.deps.appSettings.getAppSetting(REINDEX_CONFIG_KEY)) as
      { days?: unknown } | undefined;
    if (typeof stored?.days === 'number' && stored.days > 0) return stored.days;
    await this.deps.appSettings.putAppSetting(REINDEX_CONFIG_KEY, { ...stored, days: DEFAULT_REINDEX_DAYS });
    return DEFAULT_REINDEX_DAYS;
  }

  /** Adds the recent videos and the share of outdated items a scheduled run refreshes. */
  async planScheduled(): Promise<number> {
    const days = await this.intervalDays();
    const now = this.now();
    const items: ReindexItem[] = (
      await this.deps.rows.recentVideoIds(now - RECENT_DAYS * DAY_MS, MAX_PER_RUN)
    ).map((id) => ({ kind: 'video', item_id: id, extract_videos: false }));
    for (const kind of ['video', 'channel', 'playlist'] as const) {
      const total = await this.deps.rows.activeCount(kind);
      const cap = Math.min(MAX_PER_RUN, Math.floor((Math.floor(total / days) + 1) * 1.2));
      const ids = await this.deps.rows.outdated(kind, now - days * DAY_MS, cap);
      items.push(...ids.map((id) => ({ kind, item_id: id, extract_videos: false })));
    }
    const unique = [...new Map(items.map((i) => [`${i.kind}:${i.item_id}`, i])).values()];
    if (unique.length) await this.deps.queue.add(unique, now);
    return unique.length;
  }

  async run(options: { signal?: AbortSignal; reporter?: ProgressReporter } = {}): Promise<ReindexResult> {
    const reporter = options.reporter ?? silentReporter;
    const result: ReindexResult = {
      counts: { video: 0, channel: 0, playlist: 0 },
      inactive: [],
      failed: [],
      subtitlesKept: [],
      stopped: false,
    };
    let done = 0;
    for (let item = await this.deps.queue.next(); item; item = await this.deps.queue.next()) {
      if (options.signal?.aborted) break;
      const waiting = await this.deps.queue.count();
      reporter.update(done / (done + waiting), [
        `Reindexing ${LABELS[item.kind]} ${done + 1}/${done + waiting}`,
      ]);
      await this.reindexOne(item, result, options.signal);
      if (options.signal?.aborted) break;
      await this.deps.queue.remove(item.kind, item.item_id);
      done += 1;
    }
    result.stopped = !!options.signal?.aborted;
    return result;
  }

  private async reindexOne(item: ReindexItem, result: ReindexResult, signal?: AbortSignal) {
    try {
      const refreshed = await this.refresh(item, result, signal);
      if (!refreshed) return;
      result.counts[item.kind] += 1;
      if (item.extract_videos && item.kind !== 'video') {
        const ids = await this.deps.rows.memberVideoIds(item.kind, item.item_id);
        const archived = item.kind === 'channel' ? ids : await this.deps.rows.archivedVideoIds(ids);
        const videos = archived.map((id): ReindexItem => ({
          kind: 'video',
          item_id: id,
          extract_videos: false,
        }));
        if (videos.length) await this.deps.queue.add(videos, this.now());
      }
    } catch (error) {
      if (signal?.aborted) return;
      if (providerSaysGone(error)) {
        // the provider no longer has it: kept with its files and user data, shown as deactivated
        await this.deps.rows.markInactive(item.kind, item.item_id, this.now());
        result.inactive.push(`${item.kind} ${item.item_id}`);
        return;
      }
      // the provider refuses or cannot be reached: the item stays queued for the next run
      if (error instanceof YtdlpError && error.kind !== 'item') throw error;
      // any other failure (a broken yt-dlp, output we cannot read) leaves the item as it was: a failed refresh
      result.failed.push({ id: item.item_id, message: await this.deps.explain(error) });
    }
  }

  /** False when there is nothing archived under that id (nothing to refresh). */
  private async refresh(item: ReindexItem, result: ReindexResult, signal?: AbortSignal): Promise<boolean> {
    if (item.kind === 'video') {
      const video = await this.deps.rows.video(item.item_id);
      if (!video) return false;
      const { subtitleFailure } = await this.deps.videos.reindex(video, signal);
      if (subtitleFailure)
        result.subtitlesKept.push({ id: item.item_id, message: await this.deps.explain(subtitleFailure) });
      return true;
    }
    if (item.kind === 'channel') {
      if (!(await this.deps.rows.channelExists(item.item_id))) return false;
      await this.deps.providerIndex.indexChannel(item.item_id, await this.deps.settings.load(), signal);
      return true;
    }
    const playlist = await this.deps.rows.playlist(item.item_id);
    if (!playlist || playlist.playlist_type !== 'regular') return false;
    await this.deps.providerIndex.refreshPlaylist(item.item_id, await this.deps.settings.load(), {
      sortOrder: playlist.playlist_sort_order,
      signal,
    });
    return true;
  }
}

const LABELS: Record<RefreshKind, string> = { video: 'Videos', channel: 'Channels', playlist: 'Playlists' };

export function describeReindex(result: ReindexResult): string {
  const { counts } = result;
  const parts = [
    `reindexed ${counts.video} videos, ${counts.channel} channels, ${counts.playlist} playlists`,
  ];
  if (result.inactive.length) parts.push(`marked inactive: ${result.inactive.join(', ')}`);
  if (result.failed.length)
    parts.push(`failed: ${result.failed.map((f) => `${f.id}: ${f.message}`).join('; ')}`);
  if (result.subtitlesKept.length) {
    const lines = result.subtitlesKept.map((f) => `${f.id}: ${f.message}`);
    parts.push(`subtitles not fetched, the archived ones kept: ${lines.join('; ')}`);
  }
  return parts.join('; ');
}
