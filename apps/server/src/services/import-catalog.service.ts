import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { VideoIndexRepository } from '../repositories/video-index.repository.ts';
import type { ChannelArtKind } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';
import type { ImportFile } from './import-scanner.ts';
import { mapChannel, mapPlaylist } from './metadata-mapper.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';

/** A channel or playlist info JSON in the import folder, with the pictures of its group. */
export interface CatalogGroup {
  base: string;
  info: YtdlpInfo;
  images: ImportFile[];
  files: ImportFile[];
}

/**
 * Channel and playlist info JSONs in the import folder (ours; upstream imports videos only). Offline
 * there is no provider to ask for a channel's name, art and description or a playlist's entries, so the
 * JSON yt-dlp writes for them (`yt-dlp --write-info-json` on a channel or playlist URL) is read instead:
 * `<name>.info.json` with `<name>.jpg` (avatar), `<name>.banner.jpg` and `<name>.tvart.jpg` for a channel,
 * `<name>.info.json` for a playlist, whose art is made from its first archived video.
 * Rows are written first, art next and the sources deleted last, so a re-run after a crash redoes it all.
 */
export class ImportCatalogService {
  constructor(
    private readonly index: VideoIndexRepository,
    private readonly files: ArchiveFilesRepository,
    private readonly artwork: ArtworkService,
    private readonly importDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  async importChannel(group: CatalogGroup, signal?: AbortSignal): Promise<string> {
    const channel = mapChannel(group.info, this.now());
    const images = this.channelImages(group.images);
    // the API shows cached art only where a source is recorded; a local picture is that source here
    if (images.thumb) channel.channel_thumb_url ??= `file:${path.basename(images.thumb)}`;
    if (images.banner) channel.channel_banner_url ??= `file:${path.basename(images.banner)}`;
    if (images.tvart) channel.channel_tvart_url ??= `file:${path.basename(images.tvart)}`;
    await this.index.writeChannel(channel);
    await this.artwork.channelArt(channel.channel_id, images, signal);
    await this.removeSources(group);
    return channel.channel_id;
  }

  async importPlaylist(group: CatalogGroup, signal?: AbortSignal): Promise<string> {
    const { playlist, entries } = mapPlaylist(group.info, this.now());
    await this.index.writePlaylist(playlist, entries);
    const archived = await this.index.archivedIds(entries.map((e) => e.youtube_id));
    await this.artwork.playlistArt(playlist.playlist_id, archived, signal);
    await this.removeSources(group);
    return playlist.playlist_id;
  }

  private channelImages(images: ImportFile[]): Partial<Record<ChannelArtKind, string>> {
    const result: Partial<Record<ChannelArtKind, string>> = {};
    for (const image of images) {
      const kind: ChannelArtKind = image.art ?? 'thumb';
      result[kind] ??= path.join(this.importDir, image.name);
    }
    return result;
  }

  private async removeSources(group: CatalogGroup): Promise<void> {
    for (const file of group.files) await this.files.remove(path.join(this.importDir, file.name));
  }
}
