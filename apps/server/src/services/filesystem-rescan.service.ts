import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ArchiveScanRepository, VideoFileRow } from '../repositories/archive-scan.repository.ts';
import type { ArchivePaths } from './archive-paths.ts';
import type { ArchiveRemovalService } from './archive-removal.service.ts';
import { detectVideoId, groupImportFiles, type ImportGroup } from './import-scanner.ts';
import type { ImportVideoStager, VideoGroup } from './import-video.service.ts';
import { listed } from './listed.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { VideoArchiver } from './video-archiver.service.ts';

export interface RescanResult {
  /** videos whose media file was gone, removed from the archive */
  removed: string[];
  /** videos found in the media folder without a row, now in the archive */
  indexed: string[];
  /** what could not be read or indexed: a media-relative file or folder, and why */
  failed: { file: string; error: string }[];
}

export interface RescanDeps {
  rows: Pick<ArchiveScanRepository, 'videoFiles' | 'channelName'>;
  files: ArchiveFilesRepository;
  removals: Pick<ArchiveRemovalService, 'deleteVideo'>;
  /** a stager whose staging folder is the rescan's own, inside the media folder (a file staged is a link) */
  stager: ImportVideoStager;
  archiver: VideoArchiver;
  paths: ArchivePaths;
  stagingRoot: string;
}

/** Our layout names channel folders by channel id (upstream §3.6). */
const CHANNEL_ID = /^UC[\w-]{22}$/;

interface FoundVideo {
  /** media-relative path of the media file, as messages show it */
  file: string;
  group: VideoGroup;
}

/**
 * rescan_filesystem (upstream §4.4): the media folder compared with the rows. A row whose media file is
 * gone is removed as a video delete removes it (rows, subtitles, thumbnail); a media file without a row is
 * indexed as the manual import indexes a file (embedded tags, an info JSON beside it, else its name),
 * where it lies. A file or folder that cannot be read is reported and skipped; the run goes on. A stop
 * ends it between two videos.
 */
export class FilesystemRescanService {
  constructor(private readonly deps: RescanDeps) {}

  async run(
    options: { preferLocal: boolean; signal?: AbortSignal },
    reporter: ProgressReporter = silentReporter,
  ): Promise<RescanResult> {
    const { signal } = options;
    await this.recover();
    reporter.update(0, ['Scanning the media folder']);
    const result: RescanResult = { removed: [], indexed: [], failed: [] };
    // the rows before the files: a video archived meanwhile has its file in place before it is listed
    const rows = await this.deps.rows.videoFiles();
    const listing = await this.listMediaFolder(result);
    if (rows.length > 0 && listing.files.size === 0 && listing.unreadable.size === 0) {
      // an unmounted disk looks like this; removing the whole archive is never what that needs
      throw new Error(
        `the media folder ${this.deps.paths.mediaDir} holds no video files while the archive has ${rows.length}: is it mounted? Nothing was removed.`,
      );
    }
    const gone = rows.filter(
      (row) => !listing.files.has(row.media_url) && !listing.unreadable.has(folderOf(row.media_url)),
    );
    const indexedIds = new Set(rows.map((row) => row.youtube_id));
    const found = await this.unindexed(listing.groups, indexedIds, result);
    const total = gone.length + found.length;
    let done = 0;
    for (const row of gone) {
      signal?.throwIfAborted();
      reporter.update(done / total, [`Removing ${done + 1}/${total}: ${row.media_url} is gone`]);
      await this.remove(row, result);
      done += 1;
    }
    for (const video of found) {
      signal?.throwIfAborted();
      reporter.update(done / total, [`Indexing ${done + 1}/${total}: ${video.file}`]);
      await this.index(video, options.preferLocal, result, signal);
      done += 1;
    }
    reporter.update(1, [describeRescanResult(result)], result.failed.length ? 'error' : 'info');
    return result;
  }

  /** Finishes or discards what a killed run left staged (also run at start-up). */
  recover() {
    return this.deps.archiver.recover(this.deps.stagingRoot);
  }

  /** Every channel folder's files, grouped as the import groups them; unreadable folders are reported. */
  private async listMediaFolder(result: RescanResult) {
    const files = new Set<string>();
    const unreadable = new Set<string>();
    const groups: { folder: string; group: ImportGroup }[] = [];
    const root = this.deps.paths.mediaDir;
    for (const folder of (await this.deps.files.listDirs(root)).sort()) {
      if (folder.startsWith('.')) continue;
      let names: string[];
      try {
        names = await this.deps.files.listFiles(path.join(root, folder));
      } catch (error) {
        unreadable.add(folder);
        result.failed.push({ file: `${folder}/`, error: `folder not readable (${errorText(error)})` });
        continue;
      }
      for (const name of names) if (name.toLowerCase().endsWith('.mp4')) files.add(`${folder}/${name}`);
      for (const group of groupImportFiles(names)) groups.push({ folder, group });
    }
    return { files, unreadable, groups };
  }

  /** The media files whose video has no row, each as an import group read from its channel folder. */
  private async unindexed(
    groups: { folder: string; group: ImportGroup }[],
    indexedIds: Set<string>,
    result: RescanResult,
  ): Promise<FoundVideo[]> {
    const found: FoundVideo[] = [];
    for (const { folder, group } of groups) {
      const media = group.files.filter((f) => f.role === 'media');
      if (media.length === 0) continue;
      const file = `${folder}/${media[0]!.name}`;
      const id = detectVideoId(group.base, undefined);
      if (id && indexedIds.has(id)) continue;
      if (!id || media.length > 1) {
        const error = id ? 'more than one media file with this name' : 'no video id in the file name';
        result.failed.push({ file, error });
        continue;
      }
      const of = (role: string) => group.files.filter((f) => f.role === role);
      found.push({
        file,
        group: {
          base: group.base,
          id,
          media: media[0]!,
          json: undefined,
          thumb: of('thumb')[0],
          subtitles: of('subtitle'),
          // what the archiver may replace or remove once the video is in place: a picture beside it
          // is only read, and an info JSON is not the media tree's
          files: group.files.filter((f) => f.role === 'media' || f.role === 'subtitle'),
          dir: path.join(this.deps.paths.mediaDir, folder),
          fallback: await this.folderChannel(folder),
        },
      });
    }
    return found;
  }

  /** A channel folder names its channel, which names the videos nothing else places. */
  private async folderChannel(folder: string) {
    if (!CHANNEL_ID.test(folder)) return undefined;
    const name = await this.deps.rows.channelName(folder);
    return { channel_id: folder, ...(name !== undefined && { channel: name }) };
  }

  private async remove(row: VideoFileRow, result: RescanResult): Promise<void> {
    // a file put back (or archived) since the listing keeps its row
    if (await this.deps.files.exists(this.deps.paths.media(row.media_url))) return;
    try {
      await this.deps.removals.deleteVideo(row.youtube_id);
      result.removed.push(row.youtube_id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return; // deleted meanwhile
      result.failed.push({ file: row.media_url, error: `row not removed (${errorText(error)})` });
    }
  }

  private async index(
    video: FoundVideo,
    preferLocal: boolean,
    result: RescanResult,
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      const staged = await this.deps.stager.stage(video.group, preferLocal, signal);
      await this.deps.archiver.archive(staged);
      result.indexed.push(video.group.id);
    } catch (error) {
      if (signal?.aborted) throw error;
      result.failed.push({ file: video.file, error: errorText(error) });
    }
  }
}

function folderOf(mediaUrl: string): string {
  return mediaUrl.split('/')[0]!;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The task's result line (its notification and Apprise body). */
export function describeRescanResult(result: RescanResult): string {
  const head =
    `removed ${plural(result.removed.length, 'video')} whose file is gone, ` +
    `indexed ${plural(result.indexed.length, 'new file')}`;
  if (result.failed.length === 0) return head;
  const failed = listed(result.failed.map((f) => `${f.file}: ${f.error}`));
  return `${head}; skipped ${plural(result.failed.length, 'file')}: ${failed}`;
}
