import type { AppConfig, ChannelOverwrites } from '@tubekeeper/contract';
import type {
  ArchiveRefreshRepository,
  SubscribedChannel,
} from '../repositories/archive-refresh.repository.ts';
import type { ChannelTab, YtdlpJson, YtdlpRepository } from '../repositories/ytdlp.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { ProviderIndexService } from './provider-index.service.ts';
import { isToolFailure, scanStopped } from './tool-failure.ts';
import type { ExtractReport, ScanEntry, ScanSource } from './queue-extractor.service.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';
import type { HealthRecorder } from './subscription-health.service.ts';
import type { TypeLimits } from './scan-type-limits.ts';

/** The queue's side of a scan: adds what is new, leaving out queued, ignored, blocked and archived videos. */
export interface ScanQueue {
  enqueueFromScan(
    entries: ScanEntry[],
    source: ScanSource,
    options: { autoStart?: boolean; signal?: AbortSignal; typeLimits?: TypeLimits },
  ): Promise<ExtractReport>;
}

export interface ScanResult {
  added: number;
  /** videos found but not queued (their metadata could not be fetched) */
  notQueued: { input: string; error: string }[];
  failed: { id: string; name: string; message: string }[];
  stopped: boolean;
}

type TabLimits = { tab: ChannelTab; limit: number | null }[];

const SCAN_STOPPED =
  'The scan stopped with every channel and playlist as it was: scan again once yt-dlp works.';

/**
 * update_subscribed (upstream §4.1): every subscribed channel's tabs with the page sizes of the config or
 * the channel's overwrites (0 skips a tab), then every subscribed playlist. What is new goes to the
 * queue; a channel or playlist that fails is reported and skipped, the scan goes on. Stops between items.
 */
export class SubscriptionScanService {
  constructor(
    private readonly deps: {
      rows: ArchiveRefreshRepository;
      ytdlp: Pick<YtdlpRepository, 'scanChannel'>;
      providerIndex: ProviderIndexService;
      queue: ScanQueue;
      settings: YtdlpSettingsService;
      appConfig: AppConfigService;
      /** a provider failure with its category and advice (failure-diagnosis.service.ts) */
      explain: (error: unknown) => Promise<string>;
      /** per channel and playlist: last deep scan, last failure */
      health: HealthRecorder;
    },
  ) {}

  async run(options: { signal?: AbortSignal; reporter?: ProgressReporter } = {}): Promise<ScanResult> {
    const { signal } = options;
    const config = await this.deps.appConfig.get();
    const targets: ScanTarget[] = [
      ...(await this.deps.rows.subscribedChannels()).map((channel) => ({
        id: channel.channel_id,
        kind: 'channel' as const,
        name: channel.channel_name,
        source: { channelId: channel.channel_id, channelName: channel.channel_name },
        scan: () => this.scanChannel(channel, config, signal),
      })),
      ...(await this.deps.rows.subscribedPlaylists()).map((playlist) => ({
        id: playlist.playlist_id,
        kind: 'playlist' as const,
        name: playlist.playlist_name,
        source: {},
        scan: () => this.scanPlaylist(playlist.playlist_id, playlist.playlist_sort_order, config, signal),
      })),
    ];
    const result: ScanResult = { added: 0, notQueued: [], failed: [], stopped: false };
    const progress = new ScanProgress(options.reporter ?? silentReporter, targets.length);
    for (const [i, target] of targets.entries()) {
      if (signal?.aborted) break;
      progress.at(i, target.name);
      try {
        const entries = await target.scan();
        const report = await this.deps.queue.enqueueFromScan(entries, target.source, {
          autoStart: config.subscriptions.auto_start,
          signal,
        });
        result.added += report.added;
        result.notQueued.push(...report.failures);
        await this.deps.health.scanned(target.id, target.kind);
      } catch (error) {
        if (signal?.aborted) break;
        // yt-dlp or the network failed, not this channel: the scan ends, every subscription left as it was
        if (isToolFailure(error)) throw scanStopped(error, `while scanning ${target.name}`, SCAN_STOPPED);
        const text = error instanceof Error ? error.message : String(error);
        await this.deps.health.scanned(target.id, target.kind, text);
        await this.deps.health.failed(target.id, target.kind, 'scan', text);
        const message = await this.deps.explain(error);
        result.failed.push({ id: target.id, name: target.name, message });
        progress.failed(i, target.name, message);
      }
    }
    result.stopped = !!signal?.aborted;
    return result;
  }

  private async scanChannel(channel: SubscribedChannel, config: AppConfig, signal?: AbortSignal) {
    const settings = await this.deps.settings.load(channel.overwrites);
    const tabs = tabLimits(config.subscriptions, channel.overwrites);
    const scans = await this.deps.ytdlp.scanChannel(channel.channel_id, tabs, settings, signal);
    const entries: ScanEntry[] = [];
    for (const [tab, listed] of scans) {
      for (const entry of listed) if (entry?.id) entries.push({ entry, vidType: tab });
    }
    return entries;
  }

  /** A full playlist refresh, then its first `playlist_size` entries in stored order. */
  private async scanPlaylist(
    id: string,
    sortOrder: 'top' | 'bottom',
    config: AppConfig,
    signal?: AbortSignal,
  ) {
    const settings = await this.deps.settings.load();
    const refresh = await this.deps.providerIndex.refreshPlaylist(id, settings, { sortOrder, signal });
    return refresh.entries
      .slice(0, config.subscriptions.playlist_size)
      .map((entry): ScanEntry => ({ entry: entry as YtdlpJson }));
  }
}

interface ScanTarget {
  id: string;
  kind: 'channel' | 'playlist';
  name: string;
  source: ScanSource;
  scan: () => Promise<ScanEntry[]>;
}

/** "Scanning 2/5: <name>", followed by every failure so far (they stay visible until the end). */
class ScanProgress {
  private readonly failures: string[] = [];

  constructor(
    private readonly reporter: ProgressReporter,
    private readonly total: number,
  ) {}

  at(i: number, name: string): void {
    this.reporter.update(
      i / Math.max(this.total, 1),
      this.lines(i, name),
      this.failures.length ? 'error' : 'info',
    );
  }

  failed(i: number, name: string, message: string): void {
    this.failures.push(`${name} failed: ${message}`);
    this.at(i, name);
  }

  private lines(i: number, name: string): string[] {
    return [`Scanning ${i + 1}/${this.total}: ${name}`, ...this.failures];
  }
}

/** Per tab: the channel's overwrite if set, else the config (upstream §3.3); 0 skips the tab. */
export function tabLimits(
  subscriptions: AppConfig['subscriptions'],
  overwrites: ChannelOverwrites,
): TabLimits {
  const pick = (own: number | null | undefined, global: number) => own ?? global;
  return [
    { tab: 'videos', limit: pick(overwrites.subscriptions_channel_size, subscriptions.channel_size) },
    {
      tab: 'streams',
      limit: pick(overwrites.subscriptions_live_channel_size, subscriptions.live_channel_size),
    },
    {
      tab: 'shorts',
      limit: pick(overwrites.subscriptions_shorts_channel_size, subscriptions.shorts_channel_size),
    },
  ];
}
