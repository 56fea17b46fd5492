import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { FfmpegRepository } from '../repositories/ffmpeg.repository.ts';
import type { EmbedSource, MetadataEmbedRepository } from '../repositories/metadata-embed.repository.ts';
import type { ArchivePaths } from './archive-paths.ts';
import type { ProgressReporter } from './progress.ts';

/** Videos read per query, as upstream pages through them. */
const PAGE = 100;

export interface EmbedRunResult {
  total: number;
  embedded: number;
  /** "<youtube_id>: reason" per video whose file could not be rewritten */
  failed: string[];
  stopped: boolean;
}

/** The tags a media file gets: what the manual import's `infoFromTags` reads back. */
export function embedTags(video: EmbedSource): Record<string, string> {
  const tags: Record<string, string> = {
    title: video.title,
    artist: video.channel_name,
    date: new Date(video.published).toISOString().slice(0, 10).replaceAll('-', ''),
    comment: `https://www.youtube.com/watch?v=${video.youtube_id}`,
  };
  if (video.description) {
    tags.description = video.description;
    tags.synopsis = video.description;
  }
  return tags;
}

/**
 * resync_metadata (upstream §3.7, §4): the archive's title, channel, description, date and page URL,
 * and the video's thumbnail as cover, written into every media file. Each file is rewritten beside
 * itself (`.<id>.embedding.mp4`) and renamed over the original, so a stop or a crash leaves each file
 * either as it was or fully tagged; the stored media size follows the new file.
 */
export class MetadataEmbedService {
  constructor(
    private readonly videos: MetadataEmbedRepository,
    private readonly ffmpeg: FfmpegRepository,
    private readonly files: ArchiveFilesRepository,
    private readonly paths: ArchivePaths,
  ) {}

  async run(signal: AbortSignal, reporter: ProgressReporter): Promise<EmbedRunResult> {
    const total = await this.videos.countVideos();
    const result: EmbedRunResult = { total, embedded: 0, failed: [], stopped: false };
    let done = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.videos.page(after, PAGE);
      if (page.length === 0) break;
      for (const video of page) {
        if (signal.aborted) return { ...result, stopped: true };
        reporter.update(total ? done / total : 0, [`Embedding metadata ${done + 1}/${total}`]);
        try {
          await this.embed(video, signal);
          result.embedded += 1;
        } catch (error) {
          if (signal.aborted) return { ...result, stopped: true };
          result.failed.push(`${video.youtube_id}: ${(error as Error).message.split('\n')[0]}`);
        }
        done += 1;
      }
      after = page.at(-1)!.youtube_id;
    }
    return result;
  }

  private async embed(video: EmbedSource, signal: AbortSignal): Promise<void> {
    const media = this.paths.media(video.media_url);
    if (!(await this.files.exists(media))) throw new Error('media file missing');
    const thumb = this.paths.videoThumb(video.youtube_id);
    const cover = (await this.files.exists(thumb)) ? thumb : undefined;
    const temp = path.join(path.dirname(media), `.${video.youtube_id}.embedding.mp4`);
    try {
      await this.ffmpeg.embedMetadata(media, temp, embedTags(video), cover, signal);
      await this.files.move(temp, media);
    } finally {
      await this.files.remove(temp);
    }
    await this.videos.setMediaSize(video.youtube_id, await this.files.size(media));
  }
}

/** The task's result line (its notification and Apprise body). */
export function describeEmbedResult(result: EmbedRunResult): string {
  const head = `embedded metadata into ${result.embedded} of ${result.total} videos`;
  if (result.failed.length === 0) return head;
  return `${head}; failed: ${result.failed.join('; ')}`;
}
