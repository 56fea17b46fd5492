import fs from 'node:fs';
import { runProcess } from './child-process.ts';
import { parseProbe, type MediaFacts } from './media-facts.ts';

export type { MediaFacts, MediaStream } from './media-facts.ts';

export interface FfmpegPaths {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface ImageOptions {
  /** centre-crop to 16:9 first (video thumbnails, playlist art) */
  crop169?: boolean;
  /** then scale to exactly this size */
  size?: [width: number, height: number];
}

/** Codecs a browser plays from mp4, so conversion can copy them instead of re-encoding. */
const MP4_VIDEO_COPY = new Set(['h264']);
const MP4_AUDIO_COPY = new Set(['aac', 'mp3']);

/*
 * The 16:9 crop: the widest 16:9 window that fits, centred (ffmpeg's default x/y), so a 4:3 or vertical
 * picture loses equal parts top and bottom (or left and right). Commas inside an expression are escaped
 * because the filtergraph parser reads them as filter separators.
 */
const CROP_169 = 'crop=w=min(iw\\,trunc(ih*16/9)):h=min(ih\\,trunc(iw*9/16))';

/** ffprobe and ffmpeg as child processes: media facts, conversion, subtitles, covers and images. */
export class FfmpegRepository {
  constructor(private readonly paths: FfmpegPaths) {}

  /** Duration, streams, size and tags; rejects when the file is not readable media. */
  async probe(file: string, signal?: AbortSignal): Promise<MediaFacts> {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
    const { stdout } = await runProcess(this.paths.ffprobePath, args, {
      notFound: 'ffprobe not found: install it (ffmpeg package) or set FFPROBE_PATH',
      signal,
    });
    const facts = parseProbe(stdout, (await fs.promises.stat(file)).size);
    if (!facts.streams.some((s) => s.type === 'audio') && facts.width === 0) {
      throw new Error('no audio or video stream');
    }
    return facts;
  }

  /**
   * Writes an mp4 the browser can play. When the main video stream is h264 and the audio aac/mp3, the
   * streams are copied (fast, lossless); anything else (VP9/AV1/Opus from webm, …) is re-encoded with
   * libx264/aac. Cover pictures, subtitles and data streams are left out; faststart moves the index to
   * the front so playback starts before the whole file is read.
   */
  async toMp4(input: string, facts: MediaFacts, output: string, signal?: AbortSignal): Promise<void> {
    const main = facts.streams.find((s) => s.type === 'video');
    const audio = facts.streams.filter((s) => s.type === 'audio');
    const copy = (!main || MP4_VIDEO_COPY.has(main.codec)) && audio.every((s) => MP4_AUDIO_COPY.has(s.codec));
    const codecs = copy
      ? ['-c', 'copy']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
    const maps = [...(main ? ['-map', `0:${main.index}`] : []), '-map', '0:a?'];
    await this.ffmpeg(
      ['-i', input, ...maps, ...codecs, '-map_metadata', '0', '-movflags', '+faststart', '-f', 'mp4', output],
      signal,
    );
  }

  /**
   * A copy of an mp4 with new container tags and, when given, `cover` as its cover picture (upstream
   * §3.7 embed_metadata). Streams are copied, not re-encoded; an old cover is replaced, other tags stay.
   * Subtitle and data streams are left out, as `toMp4` leaves them out (subtitles live beside the file).
   */
  async embedMetadata(
    input: string,
    output: string,
    tags: Record<string, string>,
    cover: string | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    // the cover's disposition is set by its output index among video streams: after the file's own
    const { stdout } = await runProcess(
      this.paths.ffprobePath,
      ['-v', 'error', '-select_streams', 'V', '-show_entries', 'stream=index', '-of', 'csv=p=0', input],
      { notFound: 'ffprobe not found: install it (ffmpeg package) or set FFPROBE_PATH', signal },
    );
    const videoStreams = stdout.split('\n').filter((line) => line.trim() !== '').length;
    const coverArgs = cover ? ['-map', '1', `-disposition:v:${videoStreams}`, 'attached_pic'] : [];
    const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
    await this.ffmpeg(
      [
        ...['-i', input, ...(cover ? ['-i', cover] : [])],
        ...['-map', '0:V?', '-map', '0:a?', ...coverArgs, '-c', 'copy'],
        ...['-map_metadata', '0', '-map_chapters', '0', ...metadata],
        ...['-movflags', '+faststart', '-f', 'mp4', output],
      ],
      signal,
    );
  }

  /** One text subtitle stream as WebVTT. */
  async extractSubtitle(input: string, streamIndex: number, output: string, signal?: AbortSignal) {
    await this.ffmpeg(
      ['-i', input, '-map', `0:${streamIndex}`, '-c:s', 'webvtt', '-f', 'webvtt', output],
      signal,
    );
  }

  /** The embedded cover picture (mp4 attached_pic or mkv cover attachment) as an image file. */
  async extractCover(
    input: string,
    streamIndex: number,
    output: string,
    options: ImageOptions = {},
    signal?: AbortSignal,
  ) {
    await this.ffmpeg(['-i', input, '-map', `0:${streamIndex}`, ...jpegOutput(output, options)], signal);
  }

  /** A still from the video, for videos that come without any picture. */
  async grabFrame(
    input: string,
    atSeconds: number,
    output: string,
    options: ImageOptions,
    signal?: AbortSignal,
  ) {
    await this.ffmpeg(['-ss', atSeconds.toFixed(3), '-i', input, ...jpegOutput(output, options)], signal);
  }

  /** Any picture ffmpeg reads (jpg, png, webp, …) as an RGB JPEG, optionally cropped and scaled. */
  async toJpeg(input: string, output: string, options: ImageOptions = {}, signal?: AbortSignal) {
    await this.ffmpeg(['-i', input, ...jpegOutput(output, options)], signal);
  }

  /**
   * Several pictures in one ffmpeg run, each input to the output at its place: a start of Debian's ffmpeg
   * (215 libraries) costs ~0.1 s of CPU, converting a thumbnail a fifth of that. Rejects as a whole when
   * any input is unreadable, so the caller converts one at a time then.
   */
  async toJpegs(jobs: { input: string; output: string }[], options: ImageOptions = {}, signal?: AbortSignal) {
    const inputs = jobs.flatMap((job) => ['-i', job.input]);
    // without -map every output would take the "best" video stream of all the inputs
    const outputs = jobs.flatMap((job, i) => ['-map', `${i}:v:0`, ...jpegOutput(job.output, options)]);
    await this.ffmpeg([...inputs, ...outputs], signal);
  }

  /** A plain picture of one colour, for the default art. */
  async solidImage(output: string, width: number, height: number, color: string): Promise<void> {
    await this.ffmpeg([
      '-f',
      'lavfi',
      '-i',
      // the pixel format inside the source graph, or lavfi rounds the size to even numbers
      `color=c=${color}:s=${width}x${height},format=yuvj444p`,
      ...jpegOutput(output, {}),
    ]);
  }

  /**
   * How many of the file's last `seconds` decode (ffmpeg -sseof, every stream to the null muxer). A file
   * cut short behind a complete index (moov at the front) probes as whole, but decodes nothing there.
   */
  async decodableTail(file: string, seconds: number, signal?: AbortSignal): Promise<number> {
    const { stdout } = await runProcess(
      this.paths.ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-sseof', `-${seconds}`, '-i', file],
        ...['-progress', 'pipe:1', '-f', 'null', '-'],
      ],
      { notFound: 'ffmpeg not found: install it or set FFMPEG_PATH', signal },
    );
    const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
    return (times.at(-1) ?? 0) / 1_000_000;
  }

  /** Width and height of a picture (used by tests and art checks). */
  async imageSize(file: string): Promise<{ width: number; height: number }> {
    const { stdout } = await runProcess(
      this.paths.ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_streams', file],
      { notFound: 'ffprobe not found: install it (ffmpeg package) or set FFPROBE_PATH' },
    );
    const stream = (JSON.parse(stdout) as { streams?: { width?: number; height?: number }[] }).streams?.[0];
    return { width: stream?.width ?? 0, height: stream?.height ?? 0 };
  }

  private async ffmpeg(args: string[], signal?: AbortSignal): Promise<void> {
    await runProcess(this.paths.ffmpegPath, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
      notFound: 'ffmpeg not found: install it or set FFMPEG_PATH',
      signal,
    });
  }
}

function jpegOutput(output: string, options: ImageOptions): string[] {
  // 4:4:4 first: with 4:2:0 the crop and scale round odd sizes to even ones (120x67 would become 120x66)
  const filters = [
    'format=yuvj444p',
    ...(options.crop169 ? [CROP_169] : []),
    ...(options.size ? [`scale=${options.size[0]}:${options.size[1]}`] : []),
  ];
  return [
    ...['-vf', filters.join(',')],
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    output,
  ];
}
