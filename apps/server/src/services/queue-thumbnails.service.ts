import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { RemoteFileRepository } from '../repositories/remote-file.repository.ts';
import type { ArchivePaths } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';

/** After this many pictures in a row could not be had, the host is taken to be out of reach. */
const GIVE_UP_AFTER = 3;

/**
 * Thumbnails of newly queued videos, cached where the archive keeps video thumbnails (upstream caches them
 * when it adds an item in full mode, §4.1), so the Downloads page shows them. Best effort: a picture that
 * cannot be had leaves the web app's fallback, and an unreachable host is not asked about every item.
 */
export class QueueThumbnails {
  constructor(
    private readonly remote: Pick<RemoteFileRepository, 'fetchImage'>,
    private readonly artwork: Pick<ArtworkService, 'videoThumb'>,
    private readonly files: Pick<ArchiveFilesRepository, 'exists' | 'remove' | 'ensureDir'>,
    private readonly paths: Pick<ArchivePaths, 'videoThumb'>,
    private readonly scratchDir: string,
  ) {}

  async cache(items: { youtube_id: string; vid_thumb_url?: string | null }[], signal?: AbortSignal) {
    let misses = 0;
    for (const item of items) {
      if (signal?.aborted || misses >= GIVE_UP_AFTER) return;
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
      try {
        await this.files.ensureDir(path.dirname(target));
        await this.artwork.videoThumb(target, { image }, signal);
      } catch {
        // an unreadable picture: the fallback shows instead
      } finally {
        await this.files.remove(image);
      }
    }
  }
}
