import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ArchiveScanRepository, KnownIds } from '../repositories/archive-scan.repository.ts';
import type { RemoteFileRepository } from '../repositories/remote-file.repository.ts';
import type { ArchivePaths, ChannelArtKind } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';
import { listed } from './listed.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';

/** After this many pictures in a row could not be had, the image host is taken to be out of reach. */
const GIVE_UP_AFTER = 3;
const CHANNEL_ART: ChannelArtKind[] = ['thumb', 'banner', 'tvart'];

export interface ThumbnailCheckResult {
  /** pictures downloaded again from the provider's image hosts */
  fetched: number;
  /** pictures made from local files: playlist art, a frame of a video the provider has no picture of */
  drawn: number;
  /** art files in the cache that belong to nothing in the archive or the queue, deleted */
  removed: number;
  /** what is still missing, and why */
  missing: string[];
}

export interface ThumbnailCheckDeps {
  rows: ArchiveScanRepository;
  files: ArchiveFilesRepository;
  remote: Pick<RemoteFileRepository, 'fetchImage'>;
  artwork: ArtworkService;
  paths: ArchivePaths;
  /** where downloaded pictures wait before they are converted into the cache */
  scratchDir: string;
}

/** One missing picture: what it is (for messages) and how to make it. */
interface Repair {
  label: string;
  /** the provider's URL; without one the picture is drawn locally */
  url?: string | null;
  make: (image: string | undefined, signal?: AbortSignal) => Promise<void>;
}

/**
 * thumbnail_check (upstream §4 "thumbnail_check details"): the art the archive expects and the cache
 * lacks is made again: video thumbnails (active videos and pending queue items), channel thumb, banner
 * and TV art (active channels) downloaded through the same image fetch as the download and the reindex,
 * playlist art drawn from its first archived video as the playlist refresh does. Then the cache's art of
 * videos, channels and playlists the archive no longer has is deleted. A picture that cannot be had is
 * reported; three misses in a row mean the image host is out of reach and the rest is left for next time.
 */
export class ThumbnailCheckService {
  constructor(private readonly deps: ThumbnailCheckDeps) {}

  async run(
    signal?: AbortSignal,
    reporter: ProgressReporter = silentReporter,
  ): Promise<ThumbnailCheckResult> {
    reporter.update(0, ['Looking for missing and orphaned artwork']);
    const result: ThumbnailCheckResult = { fetched: 0, drawn: 0, removed: 0, missing: [] };
    // the files before the ids: art written meanwhile belongs to a row that is read after it
    const cached = await this.cachedArt();
    const known = await this.deps.rows.knownIds();
    const orphans = cached.filter((file) => !file.owner(known));
    const present = new Set(cached.map((file) => file.path));
    const repairs = await this.repairs(present);
    const total = orphans.length + repairs.length;
    let done = 0;
    let misses = 0;
    for (const repair of repairs) {
      signal?.throwIfAborted();
      reporter.update(done / total, [`Artwork ${done + 1}/${total}: ${repair.label}`]);
      done += 1;
      if (repair.url && misses >= GIVE_UP_AFTER) {
        result.missing.push(`${repair.label} (image host out of reach)`);
        continue;
      }
      const outcome = await this.repair(repair, signal);
      if (outcome === 'fetched') result.fetched += 1;
      else if (outcome === 'drawn') result.drawn += 1;
      else result.missing.push(`${repair.label} (${outcome})`);
      if (repair.url) misses = outcome === 'fetched' ? 0 : misses + 1;
    }
    for (const orphan of orphans) {
      signal?.throwIfAborted();
      reporter.update(done / total, [`Removing ${done + 1}/${total}: ${orphan.name}`]);
      done += 1;
      await this.deps.files.remove(orphan.path);
      result.removed += 1;
    }
    reporter.update(1, [describeThumbnailCheck(result)], result.missing.length ? 'error' : 'info');
    return result;
  }

  /** Every art file in the cache, with the test of whether the archive or the queue still owns it. */
  private async cachedArt() {
    const { files, paths } = this.deps;
    const art: { path: string; name: string; owner: (known: KnownIds) => boolean }[] = [];
    const add = (dir: string, name: string, owner: (known: KnownIds) => boolean) =>
      art.push({ path: path.join(dir, name), name, owner });
    const videos = paths.artDir('videos');
    for (const letter of await files.listDirs(videos)) {
      const dir = path.join(videos, letter);
      for (const name of await files.listFiles(dir)) {
        const id = /^([\w-]+)\.jpg$/.exec(name)?.[1];
        if (id) add(dir, name, (known) => known.videos.has(id));
      }
    }
    const channels = paths.artDir('channels');
    for (const name of await files.listFiles(channels)) {
      const id = /^([\w-]+)_(?:thumb|banner|tvart)\.jpg$/.exec(name)?.[1];
      if (id) add(channels, name, (known) => known.channels.has(id));
    }
    const playlists = paths.artDir('playlists');
    for (const name of await files.listFiles(playlists)) {
      const id = /^([\w-]+)\.jpg$/.exec(name)?.[1];
      if (id) add(playlists, name, (known) => known.playlists.has(id));
    }
    return art;
  }

  /** The pictures the rows expect and the cache lacks. */
  private async repairs(present: Set<string>): Promise<Repair[]> {
    const { rows, paths } = this.deps;
    const repairs: Repair[] = [];
    const seen = new Set<string>();
    for (const video of await rows.activeVideoThumbs()) {
      seen.add(video.youtube_id);
      const target = paths.videoThumb(video.youtube_id);
      if (present.has(target)) continue;
      repairs.push({
        label: `thumbnail of video ${video.youtube_id}`,
        url: video.thumb_url,
        make: (image, signal) =>
          this.writeVideoThumb(
            target,
            image ? { image } : { media: paths.media(video.media_url), duration: video.duration },
            signal,
          ),
      });
    }
    for (const item of await rows.pendingQueueThumbs()) {
      const target = paths.videoThumb(item.youtube_id);
      if (seen.has(item.youtube_id) || present.has(target) || !item.vid_thumb_url) continue;
      repairs.push({
        label: `thumbnail of queued video ${item.youtube_id}`,
        url: item.vid_thumb_url,
        make: (image, signal) => this.writeVideoThumb(target, { image: image! }, signal),
      });
    }
    for (const channel of await rows.activeChannelArt()) {
      for (const kind of CHANNEL_ART) {
        const url = channel[`channel_${kind}_url`];
        if (!url || present.has(paths.channelArt(channel.channel_id, kind))) continue;
        repairs.push({
          label: `${kind} of channel ${channel.channel_id}`,
          url,
          make: (image, signal) =>
            this.deps.artwork.channelArt(channel.channel_id, { [kind]: image }, signal),
        });
      }
    }
    for (const playlistId of await rows.activePlaylistIds()) {
      if (present.has(paths.playlistArt(playlistId))) continue;
      repairs.push({
        label: `art of playlist ${playlistId}`,
        make: async (_image, signal) =>
          this.deps.artwork.playlistArt(playlistId, await rows.archivedEntries(playlistId), signal),
      });
    }
    return repairs;
  }

  /** Downloads the picture (or draws it, without a URL) and writes it; says how it went. */
  private async repair(repair: Repair, signal?: AbortSignal): Promise<'fetched' | 'drawn' | string> {
    let image: string | undefined;
    try {
      if (repair.url) {
        const base = path.join(this.deps.scratchDir, `check-${repair.label.replace(/\W+/g, '-')}`);
        image = await this.deps.remote.fetchImage(repair.url, base, signal);
        if (!image) return 'could not be downloaded';
      }
      await repair.make(image, signal);
      return image ? 'fetched' : 'drawn';
    } catch (error) {
      if (signal?.aborted) throw error;
      return (error as Error).message.split('\n')[0]!;
    } finally {
      if (image) await this.deps.files.remove(image);
    }
  }

  /** Converted beside the target and renamed over it, so the web app never reads half a picture. */
  private async writeVideoThumb(
    target: string,
    sources: Parameters<ArtworkService['videoThumb']>[1],
    signal?: AbortSignal,
  ): Promise<void> {
    await this.deps.files.ensureDir(path.dirname(target));
    const part = `${target}.part.jpg`;
    await this.deps.artwork.videoThumb(part, sources, signal);
    await this.deps.files.move(part, target);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The task's result line (its notification and Apprise body). */
export function describeThumbnailCheck(result: ThumbnailCheckResult): string {
  const head =
    `downloaded ${plural(result.fetched, 'missing picture')} again, drew ${result.drawn} from local files, ` +
    `removed ${plural(result.removed, 'orphaned file')}`;
  if (result.missing.length === 0) return head;
  return `${head}; still missing ${result.missing.length}: ${listed(result.missing)}`;
}
