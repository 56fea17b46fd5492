import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ImportCatalogService, CatalogGroup } from './import-catalog.service.ts';
import { detectVideoId, groupImportFiles, type ImportGroup } from './import-scanner.ts';
import type { ImportVideoStager, VideoGroup } from './import-video.service.ts';
import { isChannelInfo, isPlaylistInfo } from './metadata-mapper.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { VideoArchiver } from './video-archiver.service.ts';
import { isObject, type YtdlpInfo } from './ytdlp-info.ts';

export interface ManualImportOptions {
  /** report bad groups and import the rest, instead of failing at the first one */
  ignoreError: boolean;
  /** the media file's embedded tags win over its info JSON */
  preferLocal: boolean;
  signal?: AbortSignal;
}

export interface ImportFailure {
  /** the group's base name, as the user sees it in the import folder */
  name: string;
  error: string;
}

export interface ManualImportResult {
  /** video ids */
  imported: string[];
  channels: string[];
  playlists: string[];
  failed: ImportFailure[];
}

type Work =
  | { kind: 'channel' | 'playlist'; name: string; group: CatalogGroup }
  | { kind: 'video'; name: string; group: VideoGroup };

/** Channels first (so videos find them), playlists last (so their art finds the videos). */
const ORDER = { channel: 0, video: 1, playlist: 2 };

/** The manual import of `<cache>/import/` (upstream §4.4); the job wraps it with a task record. */
export class ManualImportService {
  constructor(
    private readonly files: ArchiveFilesRepository,
    private readonly stager: ImportVideoStager,
    private readonly archiver: VideoArchiver,
    private readonly catalog: ImportCatalogService,
    private readonly dirs: { importDir: string; stagingRoot: string },
  ) {}

  /**
   * Imports every group. Without `ignoreError` the first bad group ends the run with an error naming it
   * (checks that need no media work run first, so a badly named file stops the run before anything moved);
   * with it, bad groups stay in the folder, are listed in `failed`, and the rest is imported.
   */
  async run(
    options: ManualImportOptions,
    reporter: ProgressReporter = silentReporter,
  ): Promise<ManualImportResult> {
    await this.recover();
    const result: ManualImportResult = { imported: [], channels: [], playlists: [], failed: [] };
    const work = await this.plan(result.failed);
    if (result.failed.length && !options.ignoreError) throw new Error(describe(result.failed));
    for (const [i, item] of work.entries()) {
      options.signal?.throwIfAborted();
      reporter.update(i / work.length, [`Import ${i + 1}/${work.length}: ${item.name}`]);
      try {
        await this.importOne(item, options, result);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        result.failed.push({ name: item.name, error: (error as Error).message });
        if (!options.ignoreError) throw new Error(describe(result.failed));
      }
    }
    reporter.update(1, [summary(result)], result.failed.length ? 'error' : 'info');
    return result;
  }

  /** Finishes or discards what a killed run left staged (also run at start-up). */
  async recover() {
    await this.files.ensureDir(this.dirs.importDir);
    return this.archiver.recover(this.dirs.stagingRoot);
  }

  private async importOne(item: Work, options: ManualImportOptions, result: ManualImportResult) {
    if (item.kind === 'video') {
      await this.archiver.archive(await this.stager.stage(item.group, options.preferLocal, options.signal));
      result.imported.push(item.group.id);
    } else if (item.kind === 'channel') {
      result.channels.push(await this.catalog.importChannel(item.group, options.signal));
    } else {
      result.playlists.push(await this.catalog.importPlaylist(item.group, options.signal));
    }
  }

  /** Groups the folder and checks each group; the bad ones go to `failed`. */
  private async plan(failed: ImportFailure[]): Promise<Work[]> {
    const work: Work[] = [];
    for (const group of groupImportFiles(await this.files.listFiles(this.dirs.importDir))) {
      try {
        work.push(await this.check(group));
      } catch (error) {
        failed.push({ name: group.base, error: (error as Error).message });
      }
    }
    return work.sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  }

  private async check(group: ImportGroup): Promise<Work> {
    const of = (role: string) => group.files.filter((f) => f.role === role);
    const [media, jsons, thumbs] = [of('media'), of('json'), of('thumb')];
    if (jsons.length > 1) throw new Error(`more than one JSON file: ${names(jsons)}`);
    const json = jsons[0] && (await this.readInfo(jsons[0].name));
    if (json && (isChannelInfo(json) || isPlaylistInfo(json))) {
      if (media.length) throw new Error(`a channel or playlist JSON cannot come with media: ${names(media)}`);
      const kind = isChannelInfo(json) ? 'channel' : 'playlist';
      return {
        kind,
        name: group.base,
        group: { base: group.base, info: json, images: thumbs, files: group.files },
      };
    }
    if (!media.length) throw new Error('no media file (.mp4, .mkv or .webm) in this group');
    if (media.length > 1) throw new Error(`more than one media file: ${names(media)}`);
    if (json && !json.id) throw new Error(`${jsons[0]!.name} has no video id`);
    const id = detectVideoId(group.base, json?.id);
    if (!id) throw new Error('no video id: name the file "<title> [<id>]" or add its .info.json');
    const thumb = thumbs.find((t) => t.ext === 'jpg' || t.ext === 'jpeg') ?? thumbs[0];
    const subtitles = of('subtitle');
    return {
      kind: 'video',
      name: group.base,
      group: { base: group.base, id, media: media[0]!, json, thumb, subtitles, files: group.files },
    };
  }

  private async readInfo(name: string): Promise<YtdlpInfo> {
    let parsed: unknown;
    try {
      parsed = await this.files.readJson(path.join(this.dirs.importDir, name));
    } catch (error) {
      throw new Error(`${name} is not valid JSON (${(error as Error).message})`);
    }
    if (!isObject(parsed)) throw new Error(`${name} is not an info JSON object`);
    return parsed as YtdlpInfo;
  }
}

function names(files: { name: string }[]): string {
  return files.map((f) => f.name).join(', ');
}

function describe(failed: ImportFailure[]): string {
  return failed.map((f) => `${f.name}: ${f.error}`).join('; ');
}

function summary(result: ManualImportResult): string {
  const parts = [`Imported ${result.imported.length} video${result.imported.length === 1 ? '' : 's'}`];
  if (result.channels.length) parts.push(`${result.channels.length} channel(s)`);
  if (result.playlists.length) parts.push(`${result.playlists.length} playlist(s)`);
  const text = parts.join(', ');
  return result.failed.length ? `${text}; failed: ${describe(result.failed)}` : text;
}

export { summary as describeImportResult };
