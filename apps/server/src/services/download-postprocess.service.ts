import type { AppConfig } from '@tubekeeper/contract';
import type { ArchiveRefreshRepository } from '../repositories/archive-refresh.repository.ts';
import type { AutodeleteRepository, RemovableVideo } from '../repositories/autodelete.repository.ts';
import { YtdlpError } from '../repositories/ytdlp.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import type { ArchiveRemovalService } from './archive-removal.service.ts';
import type { ChannelPlaylistsService } from './channel-playlists.service.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { ProviderIndexService } from './provider-index.service.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

const DAY_MS = 86_400_000;

/** Auto-deleted videos go onto the ignore list, so no rescan brings them back (the queue's API). */
export interface IgnoreList {
  ignore(videos: RemovableVideo[]): Promise<void>;
}

export interface PostProcessDeps {
  appConfig: AppConfigService;
  settings: YtdlpSettingsService;
  rows: ArchiveRefreshRepository;
  autodelete: AutodeleteRepository;
  /** the archive's delete (rows, then media, subtitles and thumbnail) */
  removals: Pick<ArchiveRemovalService, 'deleteVideo'>;
  ignoreList: IgnoreList;
  providerIndex: ProviderIndexService;
  /** the provider's listing of a channel's playlists (index_playlists takes all of them, upstream §4.1) */
  channelPlaylists: Pick<ChannelPlaylistsService, 'playlistIds'>;
  now?: () => number;
  log?: { warn(details: object, message: string): void };
}

export interface PostProcessResult {
  deleted: string[];
  playlists: string[];
  /** playlists that could not be refreshed, with the reason */
  failed: { playlistId: string; message: string }[];
}

/**
 * What follows every download run (upstream §4.1 "Post-processing"): auto delete of watched videos
 * (global rule, then the channels with their own autodelete_days), then the playlist refresh (every
 * subscribed playlist, and all playlists of channels with index_playlists that got new videos). Comments
 * and metadata were taken while indexing each video.
 */
export class DownloadPostProcess {
  constructor(private readonly deps: PostProcessDeps) {}

  async run(
    downloaded: { youtube_id: string; channel_id: string }[],
    options: { signal?: AbortSignal; reporter?: ProgressReporter } = {},
  ): Promise<PostProcessResult> {
    const reporter = options.reporter ?? silentReporter;
    const config = await this.deps.appConfig.get();
    reporter.update(1, ['Post-processing', 'Auto delete of watched videos']);
    const deleted = await this.autodelete(config);
    const result: PostProcessResult = { deleted, playlists: [], failed: [] };
    const playlists = await this.playlistsToRefresh(downloaded, options.signal);
    for (const [i, playlist] of playlists.entries()) {
      if (options.signal?.aborted) break;
      reporter.update(i / playlists.length, [
        'Post-processing',
        `Refresh playlist ${i + 1}/${playlists.length}`,
      ]);
      await this.refreshPlaylist(playlist, result, options.signal);
    }
    return result;
  }

  /** Global rule for channels without their own; each channel's own rule (0: every watched video). */
  async autodelete(config: AppConfig): Promise<string[]> {
    const now = (this.deps.now ?? Date.now)();
    const own = (await this.deps.rows.channelsWithOverwrites()).filter(
      (c) => c.overwrites.autodelete_days !== undefined && c.overwrites.autodelete_days !== null,
    );
    const victims: RemovableVideo[] = [];
    const globalDays = config.downloads.autodelete_days;
    if (globalDays) {
      victims.push(
        ...(await this.deps.autodelete.watchedVideos({
          watchedBefore: now - globalDays * DAY_MS,
          excludeChannelIds: own.map((c) => c.channel_id),
        })),
      );
    }
    for (const channel of own) {
      const days = channel.overwrites.autodelete_days!;
      victims.push(
        ...(await this.deps.autodelete.watchedVideos({
          watchedBefore: now - days * DAY_MS,
          channelIds: [channel.channel_id],
        })),
      );
    }
    const deleted: string[] = [];
    for (const video of victims) {
      if (deleted.includes(video.youtube_id)) continue;
      await this.remove(video);
      deleted.push(video.youtube_id);
    }
    return deleted;
  }

  /** On the ignore list first: a crash between the two must not let a rescan fetch it again. */
  private async remove(video: RemovableVideo): Promise<void> {
    await this.deps.ignoreList.ignore([video]);
    const result = await this.deps.removals.deleteVideo(video.youtube_id);
    if (result.failedFiles.length) {
      this.deps.log?.warn({ videoId: video.youtube_id, files: result.failedFiles }, 'auto delete left files');
    }
  }

  private async playlistsToRefresh(downloaded: { channel_id: string }[], signal?: AbortSignal) {
    const subscribed = await this.deps.rows.subscribedPlaylists();
    const queue = new Map(subscribed.map((p) => [p.playlist_id, p.playlist_sort_order]));
    const channels = new Set(downloaded.map((d) => d.channel_id));
    for (const channelId of channels) {
      const overwrites = await this.deps.rows.channelOverwrites(channelId);
      if (!overwrites?.index_playlists) continue;
      for (const id of await this.channelPlaylistIds(channelId, signal))
        if (!queue.has(id)) queue.set(id, 'top');
    }
    return [...queue].map(([playlistId, sortOrder]) => ({ playlistId, sortOrder }));
  }

  /** Every playlist the provider lists for the channel; the indexed ones when the listing fails. */
  private async channelPlaylistIds(channelId: string, signal?: AbortSignal): Promise<string[]> {
    try {
      const settings = await this.deps.settings.load();
      return await this.deps.channelPlaylists.playlistIds(channelId, settings, signal);
    } catch (error) {
      if (error instanceof YtdlpError && error.kind === 'connection') throw error;
      this.deps.log?.warn({ channelId, err: error }, 'listing the channel playlists failed');
      return this.deps.rows.channelPlaylistIds(channelId);
    }
  }

  private async refreshPlaylist(
    playlist: { playlistId: string; sortOrder: 'top' | 'bottom' },
    result: PostProcessResult,
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      const settings = await this.deps.settings.load();
      await this.deps.providerIndex.refreshPlaylist(playlist.playlistId, settings, {
        sortOrder: playlist.sortOrder,
        skipOnEmpty: true,
        signal,
      });
      result.playlists.push(playlist.playlistId);
    } catch (error) {
      if (signal?.aborted) return;
      if (error instanceof YtdlpError && error.kind === 'connection') throw error;
      const message = error instanceof Error ? error.message : String(error);
      result.failed.push({ playlistId: playlist.playlistId, message });
      this.deps.log?.warn({ playlistId: playlist.playlistId, err: error }, 'playlist refresh failed');
    }
  }
}
