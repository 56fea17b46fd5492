import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { RemoteFileRepository } from '../repositories/remote-file.repository.ts';
import type { ArchivePaths } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';

/** After this many pictures in a row could not be had, the host is taken to be out of reach. */
const GIVE_UP_AFTER = 3;
/**
 * Pictures per ffmpeg run: a channel of 2 000 videos queued took 2 000 ffmpeg starts (~0.1 s of CPU each,
 * beside the API's reads). Eight keep the run's memory small and the Downloads page filling in steps.
 */
const CONVERT_AT_ONCE = 8;

/**
 * Thumbnails of newly queued videos, cached where the archive keeps video thumbnails (upstream caches them
 * when it adds an item in full mode, §4.1), so the Downloads page shows them. Best effort: a picture that
 * cannot be had leaves the web app's fallback, and an unreachable host is not asked about every item.
 */
export class QueueThumbnails {
  constructor(
    private readonly remote: Pick<RemoteFileRepository, 'fetchImage'>,
    private readonly artwork: Pick<ArtworkService, 'videoThumbsFromImages'>,
    private readonly files: Pick<ArchiveFilesRepository, 'exists' | 'remove'>,
    private readonly paths: Pick<ArchivePaths, 'videoThumb'>,
    private readonly scratchDir: string,
  ) {}

  async cache(items: { youtube_id: string; vid_thumb_url?: string | null }[], signal?: AbortSignal) {
    let misses = 0;
    let fetched: { image: string; output: string }[] = [];
    for (const item of items) {
      if (signal?.aborted || misses >= GIVE_UP_AFTER) break;
      if (!item.vid_thumb_url) continue;
      const target = this.paths.videoThumb(item.youtube_id);
      if (await this.files.exists(target)) continue;
      const image = await this.remote.fetchImage(
        item.vid_thumb_url,
        path.join(this.scratchDir, `queue-${item.youtube_id}`),
        signal,
      );
      if (!image) {
        misses += 1;
        continue;
      }
      misses = 0;
      fetched.push({ image, output: target });
      if (fetched.length === CONVERT_AT_ONCE) {
        await this.convert(fetched, signal);
        fetched = [];
      }
    }
    await this.convert(fetched, signal);
  }

  /** A few fetched pictures in one ffmpeg run; an unreadable one leaves the fallback for its item. */
  private async convert(fetched: { image: string; output: string }[], signal?: AbortSignal) {
    if (fetched.length === 0) return;
    try {
      await this.artwork.videoThumbsFromImages(fetched, signal);
    } finally {
      for (const { image } of fetched) await this.files.remove(image);
    }
  }
}
