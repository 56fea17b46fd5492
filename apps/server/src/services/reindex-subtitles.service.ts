import path from 'node:path';
import type { Insertable } from 'kysely';
import type { SubtitleFragmentsTable, SubtitlesTable } from '../db/tables.ts';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ReindexVideo } from '../repositories/archive-refresh.repository.ts';
import {
  YtdlpError,
  type DownloadResult,
  type YtdlpRepository,
  type YtdlpSettings,
} from '../repositories/ytdlp.repository.ts';
import { ArchivePaths } from './archive-paths.ts';
import { json3Cues, toVtt } from './json3-subtitles.ts';
import { isAutoCaption, subtitleTracks } from './metadata-mapper.ts';
import { parseVtt, toFragments, type Cue } from './subtitle-fragments.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';

/** The subtitles a reindex fetched: their rows and search fragments, the files already in the media tree. */
export interface RefetchedSubtitles {
  rows: Insertable<SubtitlesTable>[];
  fragments: Insertable<SubtitleFragmentsTable>[];
}

export interface ReindexSubtitlesDeps {
  ytdlp: Pick<YtdlpRepository, 'fetchSubtitles'>;
  files: ArchiveFilesRepository;
  paths: ArchivePaths;
  scratchDir: string;
}

/** The provider no longer has this video's subtitles: the archived ones stay. */
const KEEP_ON: readonly YtdlpError['kind'][] = ['item', 'not-found'];

/**
 * A reindex fetches a video's subtitles again (upstream §4.2 step 2), as the settings ask for them, and they
 * replace the archived ones: files, rows and search fragments. Upstream deletes the old ones first; here they
 * stay when none come (tracks taken down, subtitles turned off in the settings, the provider refusing the
 * video), so a refresh never loses what the archive holds.
 */
export class ReindexSubtitles {
  constructor(private readonly deps: ReindexSubtitlesDeps) {}

  /**
   * Fetches the tracks and writes them into the media tree; undefined when none came. A failure of the
   * provider for this video's subtitles alone keeps the archived ones and is handed to `onKept`, so the
   * run can say why.
   */
  async refetch(
    video: ReindexVideo,
    info: YtdlpInfo,
    settings: YtdlpSettings,
    signal?: AbortSignal,
    onKept?: (error: YtdlpError) => void,
  ): Promise<RefetchedSubtitles | undefined> {
    const id = video.youtube_id;
    const dir = path.join(this.deps.scratchDir, `${id}.subtitles`);
    try {
      const fetched = await this.fetch(id, settings, dir, signal, onKept);
      const tracks = subtitleTracks(info, true);
      const result: RefetchedSubtitles = { rows: [], fragments: [] };
      for (const file of fetched) {
        if (result.rows.some((row) => row.lang === file.lang)) continue;
        const automatic = isAutoCaption(info, file.lang);
        const cues = await this.cues(file, automatic);
        const track = tracks.find((t) => t.lang === file.lang);
        const source = track?.source ?? (automatic ? 'auto' : 'user');
        const url = ArchivePaths.subtitleUrl(video.channel_id, id, file.lang);
        // written beside the archived file, then renamed over it: a reader sees the old file or the new one
        const target = this.deps.paths.media(url);
        await this.deps.files.ensureDir(path.dirname(target));
        await this.deps.files.writeText(`${target}.part`, toVtt(cues, file.lang));
        await this.deps.files.move(`${target}.part`, target);
        const { lang } = file;
        result.rows.push({
          youtube_id: id,
          lang,
          name: track?.name ?? lang,
          source,
          ext: 'vtt',
          media_url: url,
          url: track?.url ?? null,
        });
        if (settings.downloads.subtitle_index) {
          result.fragments.push(...toFragments(cues).map((f) => ({ ...f, youtube_id: id, lang, source })));
        }
      }
      return result.rows.length > 0 ? result : undefined;
    } finally {
      await this.deps.files.removeDir(dir);
    }
  }

  private async fetch(
    id: string,
    settings: YtdlpSettings,
    dir: string,
    signal?: AbortSignal,
    onKept?: (error: YtdlpError) => void,
  ) {
    try {
      return await this.deps.ytdlp.fetchSubtitles(id, settings, dir, signal);
    } catch (error) {
      if (error instanceof YtdlpError && KEEP_ON.includes(error.kind)) {
        onKept?.(error);
        return [];
      }
      throw error;
    }
  }

  private async cues(file: DownloadResult['subtitles'][number], automatic: boolean): Promise<Cue[]> {
    const text = await this.deps.files.readText(file.path);
    return file.ext === 'json3' ? json3Cues(text, automatic) : parseVtt(text);
  }
}
