import type { SubscriptionRepository } from '../repositories/subscription.repository.ts';
import type { YtdlpRepository, YtdlpSettings } from '../repositories/ytdlp.repository.ts';
import type { ProgressReporter } from './progress.ts';
import type { ProviderIndexService } from './provider-index.service.ts';
import type { SubscribePayload } from './subscription.service.ts';
import { parseUrlList, type ParsedTarget } from './url-parser.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

export interface SubscribeReport {
  expected: 'channel' | 'playlist';
  subscribed: string[];
  unsubscribed: string[];
  failures: { input: string; error: string }[];
}

type Ytdlp = Pick<YtdlpRepository, 'resolveChannel' | 'fetchVideoInfo'>;
type Indexer = Pick<ProviderIndexService, 'indexChannel' | 'refreshPlaylist'>;

/**
 * subscribe_to (upstream §4): each line on its own. A channel is indexed (metadata, tabs, art) and
 * subscribed; a video URL subscribes its channel; a playlist is indexed with its entries (and its channel,
 * when not indexed yet) and subscribed. A line of the other kind, or one the provider does not know, is
 * reported and the rest go on.
 */
export class SubscriberService {
  constructor(
    private readonly rows: SubscriptionRepository,
    private readonly ytdlp: Ytdlp,
    private readonly indexer: Indexer,
    private readonly settings: YtdlpSettingsService,
  ) {}

  async run(payload: SubscribePayload, signal?: AbortSignal, reporter?: ProgressReporter) {
    const report: SubscribeReport = {
      expected: payload.expected_type,
      subscribed: [],
      unsubscribed: [],
      failures: [],
    };
    const lines = [
      ...payload.subscribe.map((input) => ({ input, subscribe: true })),
      ...payload.unsubscribe.map((input) => ({ input, subscribe: false })),
    ];
    const settings = await this.settings.load();
    for (const [i, line] of lines.entries()) {
      if (signal?.aborted) break;
      reporter?.update(i / lines.length, [`Processing ${i + 1}/${lines.length}: ${line.input}`]);
      for (const parsed of parseUrlList(line.input)) {
        if ('error' in parsed) {
          report.failures.push({ input: parsed.input, error: parsed.error });
          continue;
        }
        try {
          const id = await this.one(parsed.target, payload.expected_type, line.subscribe, settings, signal);
          (line.subscribe ? report.subscribed : report.unsubscribed).push(id);
        } catch (error) {
          report.failures.push({
            input: parsed.input,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
    return report;
  }

  private async one(
    target: ParsedTarget,
    expected: 'channel' | 'playlist',
    subscribe: boolean,
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<string> {
    if (expected === 'playlist') {
      if (target.type !== 'playlist') throw new Error(`expected a playlist, got a ${target.type}`);
      return this.playlist(target.url, subscribe, settings, signal);
    }
    if (target.type === 'playlist') {
      throw new Error('expected a channel, got a playlist (subscribe to playlists on the playlists page)');
    }
    const channelId = await this.channelIdOf(target, settings, signal);
    if (!subscribe) {
      await this.rows.setChannelSubscribed(channelId, false);
      return channelId;
    }
    await this.indexer.indexChannel(channelId, settings, signal);
    await this.rows.setChannelSubscribed(channelId, true);
    return channelId;
  }

  private async playlist(id: string, subscribe: boolean, settings: YtdlpSettings, signal?: AbortSignal) {
    if (!subscribe) {
      await this.rows.setPlaylistSubscribed(id, false);
      return id;
    }
    await this.indexer.refreshPlaylist(id, settings, { signal });
    const channelId = await this.rows.playlistChannelId(id);
    // the playlist page shows its channel's box; a failure there does not undo the subscription
    if (channelId && !(await this.rows.channelExists(channelId))) {
      await this.indexer.indexChannel(channelId, settings, signal).catch(() => undefined);
    }
    if (!(await this.rows.setPlaylistSubscribed(id, true))) throw new Error('not a regular playlist');
    return id;
  }

  /** A channel id, a resolved @handle or /c/ name, or the channel of a video. */
  private async channelIdOf(target: ParsedTarget, settings: YtdlpSettings, signal?: AbortSignal) {
    if (target.type === 'video') {
      const info = await this.ytdlp.fetchVideoInfo(target.url, settings, signal);
      if (!info.channel_id) throw new Error('the provider named no channel for this video');
      return info.channel_id;
    }
    return target.needsResolve ? this.ytdlp.resolveChannel(target.url, settings, signal) : target.url;
  }
}

/** "Subscribed to 2 channels." plus every failure by line. */
export function describeSubscribe(report: SubscribeReport): string {
  const plural = (n: number) => `${n} ${report.expected}${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (report.subscribed.length || !report.unsubscribed.length) {
    parts.push(`Subscribed to ${plural(report.subscribed.length)}.`);
  }
  if (report.unsubscribed.length) parts.push(`Unsubscribed from ${plural(report.unsubscribed.length)}.`);
  if (report.failures.length) {
    parts.push(
      `Failed ${report.failures.length}: ${report.failures.map((f) => `${f.input}: ${f.error}`).join('; ')}`,
    );
  }
  return parts.join(' ');
}
