import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { FfmpegRepository, MediaFacts } from '../repositories/ffmpeg.repository.ts';
import { ArchivePaths } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';
import { infoFromTags, mergeInfo } from './embedded-metadata.ts';
import { titleFromBase, type ImportFile } from './import-scanner.ts';
import { shortLanguage } from './languages.ts';
import { channelFromVideo, mapComments, mapVideo } from './metadata-mapper.ts';
import { parseVtt, toFragments, type Cue } from './subtitle-fragments.ts';
import type { StagedVideo } from './video-archiver.service.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';

/** A checked video group of the import folder. */
export interface VideoGroup {
  base: string;
  id: string;
  media: ImportFile;
  /** the parsed info JSON, when the group has one */
  json: YtdlpInfo | undefined;
  thumb: ImportFile | undefined;
  subtitles: ImportFile[];
  files: ImportFile[];
  /** the folder holding the files: the import folder unless set (the rescan stages files of the media tree) */
  dir?: string;
  /** what the file's place says when nothing else does (the rescan: its channel folder) */
  fallback?: YtdlpInfo;
  /**
   * ffprobe's facts of the media file when the caller already read them (a download's check): each ffprobe
   * costs ~0.1 s of CPU, half of it the kernel loading its libraries, and a download run's child
   * processes are what slows the API's reads meanwhile (ARCHITECTURE.md, reads while downloading)
   */
  facts?: MediaFacts;
}

interface Subtitle {
  lang: string;
  file: string;
  cues: Cue[];
}

/**
 * Prepares one video of the import folder in its staging folder (upstream §4.4 "Preparation" and
 * "Indexing"): the mp4, its subtitles, its 16:9 thumbnail and the rows to store. The import folder's files
 * are only read.
 */
export class ImportVideoStager {
  constructor(
    private readonly ffmpeg: FfmpegRepository,
    private readonly files: ArchiveFilesRepository,
    private readonly artwork: ArtworkService,
    private readonly dirs: { importDir: string; stagingRoot: string },
    private readonly now: () => number = Date.now,
  ) {}

  async stage(group: VideoGroup, preferLocal: boolean, signal?: AbortSignal): Promise<StagedVideo> {
    const source = this.path(group.media.name, group);
    const sourceFacts =
      group.facts ??
      (await this.ffmpeg.probe(source, signal).catch((error: Error) => {
        if (error.name === 'AbortError') throw error;
        throw new Error(`${group.media.name} is not readable media (${error.message})`);
      }));
    const dir = path.join(this.dirs.stagingRoot, group.id);
    await this.files.removeDir(dir);
    await this.files.ensureDir(dir);
    const media = path.join(dir, `${group.id}.mp4`);
    if (group.media.ext === 'mp4') await this.files.linkOrCopy(source, media);
    else await this.ffmpeg.toMp4(source, sourceFacts, media, signal);
    const facts = group.media.ext === 'mp4' ? sourceFacts : await this.ffmpeg.probe(media, signal);
    const subtitles = await this.subtitles(group, sourceFacts, dir, signal);
    const thumb = path.join(dir, `${group.id}.jpg`);
    await this.thumb(group, { ...sourceFacts, duration: facts.duration }, media, thumb, signal);
    const info = resolveInfo(group, sourceFacts.tags, preferLocal);
    return {
      stagingDir: dir,
      bundle: this.bundle(group.id, info, facts, subtitles),
      media,
      subtitles,
      thumb,
      sources: group.files.map((f) => this.path(f.name, group)),
    };
  }

  /** The group's .vtt files; without any, the text subtitle streams of the media (not for webm). */
  private async subtitles(group: VideoGroup, facts: MediaFacts, dir: string, signal?: AbortSignal) {
    const staged: Subtitle[] = [];
    const target = (lang: string) => path.join(dir, `${group.id}.${lang}.vtt`);
    for (const file of group.subtitles) {
      const lang = file.lang ?? 'und';
      if (staged.some((s) => s.lang === lang)) continue;
      const cues = await this.readCues(this.path(file.name, group), file.name);
      await this.files.linkOrCopy(this.path(file.name, group), target(lang));
      staged.push({ lang, file: target(lang), cues });
    }
    if (group.subtitles.length || group.media.ext === 'webm') return staged;
    for (const stream of facts.subtitleStreams) {
      const lang = shortLanguage(stream.language);
      if (staged.some((s) => s.lang === lang)) continue;
      await this.ffmpeg.extractSubtitle(
        this.path(group.media.name, group),
        stream.index,
        target(lang),
        signal,
      );
      staged.push({ lang, file: target(lang), cues: await this.readCues(target(lang), group.media.name) });
    }
    return staged;
  }

  private async readCues(file: string, name: string): Promise<Cue[]> {
    try {
      return parseVtt(await this.files.readText(file));
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }

  /** The picture that came with it, else the embedded cover of the original, else a frame of the mp4. */
  private async thumb(
    group: VideoGroup,
    facts: MediaFacts,
    media: string,
    output: string,
    signal?: AbortSignal,
  ) {
    const original = this.path(group.media.name, group);
    await this.artwork.videoThumb(
      output,
      group.thumb
        ? { image: this.path(group.thumb.name, group) }
        : facts.coverStream !== undefined
          ? { media: original, coverStream: facts.coverStream }
          : { media, duration: facts.duration },
      signal,
    );
  }

  private bundle(id: string, info: YtdlpInfo, facts: MediaFacts, subtitles: Subtitle[]) {
    const now = this.now();
    const video = mapVideo({ ...info, id }, facts, now);
    const channel = channelFromVideo(info, now, video.vid_type);
    const subtitleRows = subtitles.map((sub) => ({
      youtube_id: id,
      lang: sub.lang,
      name: sub.lang,
      source: 'file' as const,
      ext: 'vtt',
      media_url: ArchivePaths.subtitleUrl(video.channel_id, id, sub.lang),
      url: null,
    }));
    const fragments = subtitles.flatMap((sub) =>
      toFragments(sub.cues).map((f) => ({ ...f, youtube_id: id, lang: sub.lang, source: 'file' })),
    );
    const comments = Array.isArray(info.comments) ? mapComments(id, info.comments) : null;
    return { channel, video, subtitles: subtitleRows, fragments, comments };
  }

  private path(name: string, group: Pick<VideoGroup, 'dir'>): string {
    return path.join(group.dir ?? this.dirs.importDir, name);
  }
}

/**
 * Offline there is no provider to ask, so the order is: the embedded tags first when `prefer_local` is
 * set, else the info JSON first; each fills the other's gaps. With neither, a minimal row: the title from
 * the file name (without ` [id]`) in a channel named by the `artist` tag, or "Unknown channel"; that
 * channel's id is derived from its name, so such files share one channel across imports.
 */
export function resolveInfo(
  group: VideoGroup,
  tags: Record<string, string>,
  preferLocal: boolean,
): YtdlpInfo {
  const embedded = infoFromTags(tags);
  const info = preferLocal ? mergeInfo(embedded, group.json) : mergeInfo(group.json, embedded);
  const found = info ?? {
    title: titleFromBase(group.base),
    ...(tags.artist ? { channel: tags.artist } : {}),
  };
  return mergeInfo(found, group.fallback)!;
}
