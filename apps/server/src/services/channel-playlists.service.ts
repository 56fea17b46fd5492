import type { ArchiveRefreshRepository } from '../repositories/archive-refresh.repository.ts';
import type { YtdlpRepository, YtdlpSettings } from '../repositories/ytdlp.repository.ts';
import { YtdlpError } from '../repositories/ytdlp.repository.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { ProviderIndexService } from './provider-index.service.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

export interface ChannelPlaylistsResult {
  channels: number;
  /** playlists stored (new or refreshed) */
  indexed: string[];
  /** what could not be listed or refreshed, with the reason */
  failed: { id: string; message: string }[];
  stopped: boolean;
}

/**
 * index_playlists (upstream §4, §3.3 "Channel playlists"): lists each channel's playlists at the provider
 * and refreshes every one through the shared playlist refresh with skip_on_empty, so a playlist without
 * an archived video stays out. Nothing is subscribed. Runs for the given channels, else for every channel
 * whose overwrite index_playlists is on.
 */
export class ChannelPlaylistsService {
  constructor(
    private readonly deps: {
      ytdlp: Pick<YtdlpRepository, 'fetchChannelPlaylists'>;
      providerIndex: Pick<ProviderIndexService, 'refreshPlaylist'>;
      rows: ArchiveRefreshRepository;
      settings: YtdlpSettingsService;
    },
  ) {}

  /** The ids of the channel's playlists as the provider lists them now. */
  async playlistIds(channelId: string, settings: YtdlpSettings, signal?: AbortSignal): Promise<string[]> {
    return (await this.deps.ytdlp.fetchChannelPlaylists(channelId, settings, signal)).map((p) => p.id);
  }

  async run(
    channelIds: string[] | undefined,
    options: { signal?: AbortSignal; reporter?: ProgressReporter } = {},
  ): Promise<ChannelPlaylistsResult> {
    const reporter = options.reporter ?? silentReporter;
    const channels = channelIds ?? (await this.channelsWithOverwrite());
    const result: ChannelPlaylistsResult = {
      channels: channels.length,
      indexed: [],
      failed: [],
      stopped: false,
    };
    const settings = await this.deps.settings.load();
    for (const [i, channelId] of channels.entries()) {
      if (options.signal?.aborted) break;
      reporter.update(i / channels.length, ['Index Channel Playlist', `Channel ${i + 1}/${channels.length}`]);
      const ids = await this.guard(result, channelId, options.signal, () =>
        this.playlistIds(channelId, settings, options.signal),
      );
      for (const playlistId of ids ?? []) {
        if (options.signal?.aborted) break;
        const stored = await this.guard(result, playlistId, options.signal, async () => {
          const sortOrder = (await this.deps.rows.playlist(playlistId))?.playlist_sort_order ?? 'top';
          const refresh = await this.deps.providerIndex.refreshPlaylist(playlistId, settings, {
            sortOrder,
            skipOnEmpty: true,
            signal: options.signal,
          });
          return refresh.stored;
        });
        if (stored) result.indexed.push(playlistId);
      }
    }
    result.stopped = options.signal?.aborted ?? false;
    return result;
  }

  private async channelsWithOverwrite(): Promise<string[]> {
    const channels = await this.deps.rows.channelsWithOverwrites();
    return channels.filter((c) => c.overwrites.index_playlists === true).map((c) => c.channel_id);
  }

  /** One channel or playlist failing does not end the run; the network being down or a stop does. */
  private async guard<T>(
    result: ChannelPlaylistsResult,
    id: string,
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (signal?.aborted) return undefined;
      if (error instanceof YtdlpError && error.kind === 'connection') throw error;
      result.failed.push({ id, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }
}

export function describeChannelPlaylists(result: ChannelPlaylistsResult): string {
  const parts = [`indexed ${result.indexed.length} playlist(s) of ${result.channels} channel(s)`];
  if (result.failed.length) {
    parts.push(
      `failed ${result.failed.length}: ${result.failed.map((f) => `${f.id}: ${f.message}`).join('; ')}`,
    );
  }
  return parts.join(', ');
}
