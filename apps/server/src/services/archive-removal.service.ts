import path from 'node:path';
import { notFound } from '../errors.ts';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ArchiveRemovalRepository, RemovedRows } from '../repositories/archive-removal.repository.ts';
import type { ArchivePaths, ChannelArtKind } from './archive-paths.ts';

/** What a delete could not finish: the files left behind (the rows are gone either way). */
export interface RemovalResult {
  failedFiles: string[];
  /** side issues for the log (playlist art that could not be redrawn) */
  warnings: string[];
}

const CHANNEL_ART: ChannelArtKind[] = ['thumb', 'banner', 'tvart'];

/**
 * Deleting videos, channels and playlists (upstream §1.4–§1.6). The rows go first, in one transaction,
 * so the archive never lists a video whose file is half gone; then the files: media, subtitles,
 * thumbnails and art. A file that cannot be removed is reported (and logged by the caller), not fatal.
 */
export class ArchiveRemovalService {
  constructor(
    private readonly rows: ArchiveRemovalRepository,
    private readonly files: Pick<ArchiveFilesRepository, 'remove' | 'removeDir'>,
    private readonly paths: ArchivePaths,
    private readonly playlistArt: (playlistId: string) => Promise<string[]>,
  ) {}

  async deleteVideo(youtubeId: string): Promise<RemovalResult> {
    const removed = await this.rows.deleteVideo(youtubeId);
    if (!removed) throw notFound('video not found');
    return this.cleanUp(removed);
  }

  /** The channel's media folder goes as a whole, with anything else that was in it. */
  async deleteChannel(channelId: string): Promise<RemovalResult> {
    const removed = await this.rows.deleteChannel(channelId);
    if (!removed) throw notFound('channel not found');
    const result = await this.cleanUp(removed);
    const targets = [
      ...CHANNEL_ART.map((kind) => this.paths.channelArt(channelId, kind)),
      this.insideMedia(channelId),
    ];
    for (const target of targets) {
      if (target === undefined) continue;
      await this.files.removeDir(target).catch(() => result.failedFiles.push(target));
    }
    return result;
  }

  async deletePlaylist(playlistId: string, withVideos: boolean): Promise<RemovalResult> {
    const removed = await this.rows.deletePlaylist(playlistId, withVideos);
    if (!removed) throw notFound('playlist not found');
    return this.cleanUp(removed);
  }

  private async cleanUp(removed: RemovedRows): Promise<RemovalResult> {
    const failedFiles: string[] = [];
    const warnings: string[] = [];
    const media = removed.mediaFiles.map((relative) => ({ relative, target: this.insideMedia(relative) }));
    // a stored path that points outside the media folder is never followed, only reported
    failedFiles.push(...media.filter((m) => m.target === undefined).map((m) => m.relative));
    const targets = [
      ...media.flatMap((m) => (m.target === undefined ? [] : [m.target])),
      ...removed.videoIds.map((id) => this.paths.videoThumb(id)),
      ...removed.playlistIds.map((id) => this.paths.playlistArt(id)),
    ];
    for (const target of targets) {
      await this.files.remove(target).catch(() => failedFiles.push(target));
    }
    for (const playlistId of removed.changedCustomPlaylists) {
      // the first entry may have changed; an art failure leaves the old picture, nothing else
      warnings.push(...(await this.playlistArt(playlistId)));
    }
    return { failedFiles, warnings };
  }

  /** The absolute path of a media-relative one, or undefined if it would leave the media folder. */
  private insideMedia(relative: string): string | undefined {
    const root = path.resolve(this.paths.mediaDir);
    const target = path.resolve(root, relative);
    return target.startsWith(root + path.sep) ? target : undefined;
  }
}
