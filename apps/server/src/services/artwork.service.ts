import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { FfmpegRepository } from '../repositories/ffmpeg.repository.ts';
import type { ArchivePaths, ChannelArtKind, DefaultImage } from './archive-paths.ts';

/** Playlist art size (upstream §3.6). */
export const PLAYLIST_ART_SIZE: [number, number] = [336, 189];

/**
 * The default pictures used when art is missing, generated once with ffmpeg into `<cache>/default/` (no
 * binary files in the repository, no image library): plain dark pictures in the shapes the web app expects.
 */
const DEFAULTS: Record<DefaultImage, [number, number]> = {
  'video-thumb': [1280, 720],
  'playlist-thumb': PLAYLIST_ART_SIZE,
  'channel-icon': [512, 512],
  'channel-banner': [2560, 424],
  'channel-art': [1280, 720],
};
const DEFAULT_COLOR = '0x2b2f36';

export interface VideoThumbSources {
  /** a picture file that came with the video */
  image?: string;
  /** the media file, for its embedded cover or, failing that, a still frame */
  media?: string;
  coverStream?: number;
  duration?: number;
}

/** Thumbnails, channel art and playlist art in the cache, all as JPEG, made with ffmpeg. */
export class ArtworkService {
  constructor(
    private readonly ffmpeg: FfmpegRepository,
    private readonly files: ArchiveFilesRepository,
    private readonly paths: ArchivePaths,
  ) {}

  /**
   * A 16:9 JPEG at `output` from the best source there is: the picture file, else the embedded cover,
   * else a frame from a third into the video, else the default thumbnail. Returns which one it used.
   */
  async videoThumb(output: string, sources: VideoThumbSources, signal?: AbortSignal) {
    const crop = { crop169: true };
    if (sources.image) {
      await this.writeImage(sources.image, output, crop, signal);
      return 'image' as const;
    }
    if (sources.media && sources.coverStream !== undefined) {
      await this.ffmpeg.extractCover(sources.media, sources.coverStream, output, crop, signal);
      return 'cover' as const;
    }
    if (sources.media) {
      const at = Math.min(1, (sources.duration ?? 0) / 3);
      const grabbed = await this.ffmpeg.grabFrame(sources.media, at, output, crop, signal).then(
        () => this.files.exists(output),
        () => false,
      );
      if (grabbed) return 'frame' as const;
    }
    await this.files.copy(await this.defaultImage('video-thumb'), output);
    return 'default' as const;
  }

  /**
   * 16:9 JPEGs from picture files, converted in one ffmpeg run; when one picture is unreadable, each on its
   * own, so the others are still written. An output whose picture cannot be read is not written.
   */
  async videoThumbsFromImages(jobs: { image: string; output: string }[], signal?: AbortSignal) {
    const crop = { crop169: true };
    const all = jobs.map((job) => ({ input: job.image, target: job.output }));
    const failed = await this.writeImages(all, crop, signal).then(
      () => false,
      () => true,
    );
    if (!failed || jobs.length === 1 || signal?.aborted) return;
    for (const job of jobs) await this.writeImage(job.image, job.output, crop, signal).catch(() => undefined);
  }

  /** Channel art from local pictures; each kind given replaces the cached one. */
  async channelArt(channelId: string, images: Partial<Record<ChannelArtKind, string>>, signal?: AbortSignal) {
    for (const [kind, image] of Object.entries(images) as [ChannelArtKind, string | undefined][]) {
      if (image) await this.writeImage(image, this.paths.channelArt(channelId, kind), {}, signal);
    }
  }

  /** Playlist art: its first archived video's thumbnail, cropped and scaled; else the default. */
  async playlistArt(playlistId: string, firstVideoIds: string[], signal?: AbortSignal): Promise<void> {
    const target = this.paths.playlistArt(playlistId);
    for (const id of firstVideoIds) {
      const thumb = this.paths.videoThumb(id);
      if (await this.files.exists(thumb)) {
        return this.writeImage(thumb, target, { crop169: true, size: PLAYLIST_ART_SIZE }, signal);
      }
    }
    await this.writeImage(await this.defaultImage('playlist-thumb'), target, {}, signal);
  }

  /** The default picture's path, generating it on first use. */
  async defaultImage(name: DefaultImage): Promise<string> {
    const file = this.paths.defaultImage(name);
    if (await this.files.exists(file)) return file;
    await this.files.ensureDir(path.dirname(file));
    const [width, height] = DEFAULTS[name];
    const part = `${file}.${process.pid}.part`;
    await this.ffmpeg.solidImage(part, width, height, DEFAULT_COLOR);
    await this.files.move(part, file);
    return file;
  }

  /** Converts into a neighbour file and renames it over the target, so readers never see half a picture. */
  private async writeImage(
    input: string,
    target: string,
    options: { crop169?: boolean; size?: [number, number] },
    signal?: AbortSignal,
  ): Promise<void> {
    await this.writeImages([{ input, target }], options, signal);
  }

  /** writeImage for several pictures: one ffmpeg run (a single picture keeps the one-input command). */
  private async writeImages(
    jobs: { input: string; target: string }[],
    options: { crop169?: boolean; size?: [number, number] },
    signal?: AbortSignal,
  ): Promise<void> {
    for (const job of jobs) await this.files.ensureDir(path.dirname(job.target));
    const parts = jobs.map((job) => ({ input: job.input, output: `${job.target}.part` }));
    try {
      if (parts.length === 1) await this.ffmpeg.toJpeg(parts[0]!.input, parts[0]!.output, options, signal);
      else await this.ffmpeg.toJpegs(parts, options, signal);
      for (const [i, job] of jobs.entries()) await this.files.move(parts[i]!.output, job.target);
    } catch (error) {
      // ffmpeg leaves what it wrote when it fails (a full disk, a stop)
      for (const part of parts) await this.files.remove(part.output);
      throw error;
    }
  }
}
