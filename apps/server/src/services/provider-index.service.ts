import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ArchiveRefreshRepository } from '../repositories/archive-refresh.repository.ts';
import type { RemoteFileRepository } from '../repositories/remote-file.repository.ts';
import type { VideoIndexRepository } from '../repositories/video-index.repository.ts';
import type { YtdlpRepository, YtdlpSettings } from '../repositories/ytdlp.repository.ts';
import type { ChannelArtKind } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';
import { mapChannel, mapPlaylist } from './metadata-mapper.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';

type Ytdlp = Pick<YtdlpRepository, 'fetchChannelInfo' | 'fetchChannelTabs' | 'fetchPlaylist'>;

export interface PlaylistRefresh {
  playlistId: string;
  /** the entries as the provider listed them (flat), in stored order */
  entries: YtdlpInfo[];
  /** false when skipOnEmpty left a playlist without archived videos out */
  stored: boolean;
}

/**
 * Channels and playlists as the provider has them now (upstream §3.3): metadata through yt-dlp, rows
 * through the shared index repository (subscription, overwrites and sort order are kept), art into the
 * cache. Used by the downloader (a video of an unknown channel), the post-processing playlist refresh,
 * the subscription scan and the reindex.
 */
export class ProviderIndexService {
  constructor(
    private readonly ytdlp: Ytdlp,
    private readonly index: VideoIndexRepository,
    private readonly rows: ArchiveRefreshRepository,
    private readonly artwork: ArtworkService,
    private readonly remote: RemoteFileRepository,
    private readonly files: ArchiveFilesRepository,
    /** scratch folder for pictures on their way into the cache */
    private readonly scratchDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Re-fetches a channel, its tabs and its art. Throws the YtdlpError of a channel that is gone. */
  async indexChannel(channelId: string, settings: YtdlpSettings, signal?: AbortSignal): Promise<void> {
    const info = (await this.ytdlp.fetchChannelInfo(channelId, settings, signal)) as YtdlpInfo;
    const tabs = await this.ytdlp.fetchChannelTabs(channelId, settings, signal).catch(() => undefined);
    const channel = mapChannel({ ...info, channel_id: info.channel_id ?? channelId }, this.now());
    await this.index.writeChannel(channel);
    if (tabs) await this.rows.setChannelTabs(channelId, tabs);
    await this.channelArt(channelId, channel, signal);
  }

  /**
   * Re-fetches a regular playlist with its entries (in its stored sort order) and remakes its art.
   * With skipOnEmpty, a playlist that is not stored yet and has no archived video is left out.
   */
  async refreshPlaylist(
    playlistId: string,
    settings: YtdlpSettings,
    options: { sortOrder?: 'top' | 'bottom'; skipOnEmpty?: boolean; signal?: AbortSignal } = {},
  ): Promise<PlaylistRefresh> {
    const info = await this.ytdlp.fetchPlaylist(
      playlistId,
      options.sortOrder ?? 'top',
      settings,
      options.signal,
    );
    const { playlist, entries } = mapPlaylist({ ...(info as YtdlpInfo), id: playlistId }, this.now());
    const listed = ((info as YtdlpInfo).entries ?? []).filter((e) => e?.id);
    const archived = await this.index.archivedIds(entries.map((e) => e.youtube_id));
    if (options.skipOnEmpty && archived.length === 0 && !(await this.rows.hasPlaylist(playlistId))) {
      return { playlistId, entries: listed, stored: false };
    }
    await this.index.writePlaylist(playlist, entries);
    await this.artwork.playlistArt(playlistId, archived, options.signal);
    return { playlistId, entries: listed, stored: true };
  }

  private async channelArt(channelId: string, channel: ReturnType<typeof mapChannel>, signal?: AbortSignal) {
    const sources: [ChannelArtKind, string | null | undefined][] = [
      ['thumb', channel.channel_thumb_url],
      ['banner', channel.channel_banner_url],
      ['tvart', channel.channel_tvart_url],
    ];
    const images: Partial<Record<ChannelArtKind, string>> = {};
    for (const [kind, url] of sources) {
      if (!url) continue;
      const file = await this.remote.fetchImage(
        url,
        path.join(this.scratchDir, `${channelId}_${kind}`),
        signal,
      );
      if (file) images[kind] = file;
    }
    try {
      await this.artwork.channelArt(channelId, images, signal);
    } finally {
      for (const file of Object.values(images)) await this.files.remove(file);
    }
  }
}
