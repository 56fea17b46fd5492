import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DemoMediaRepository,
  type ClipRequest,
  type ImageRequest,
} from '../repositories/demo-media.repository.ts';
import {
  CLIP_SECONDS,
  CLIP_SIZE,
  DEMO_CHANNELS,
  DEMO_PLAYLISTS,
  DEMO_VIDEOS_INDEX,
  channelId,
  channelSpec,
  videoId,
  type DemoKind,
  type DemoVideoSpec,
} from './demo-catalog.ts';
import { channelInfoJson, playlistInfoJson, videoInfoJson } from './demo-info-json.ts';
import { subtitleVtt } from './demo-subtitles.ts';
import { DEMO_VIDEOS } from './demo-videos.ts';

/**
 * Writes the demo library as a yt-dlp download leaves it (`<base>.mp4`, `.info.json`, `.jpg`, `.en.vtt`,
 * `.de.vtt` per video) into a folder, normally `<cache>/import/`, so the real manual import indexes it.
 * Rendering is ffmpeg's generated sources through DemoMediaRepository, two at a time.
 */

export interface DemoGenerateOptions {
  /** Folder the video groups are written to. */
  outDir: string;
  ffmpegPath: string;
  /** Skip these video ids (already in the archive), so a second run renders and imports nothing new. */
  skipIds?: ReadonlySet<string>;
  /** Reuse rendered clips and pictures from here, keyed by a hash of everything that shapes them. */
  mediaCacheDir?: string;
  concurrency?: number;
}

export interface GeneratedVideo {
  slug: string;
  id: string;
  kind: DemoKind;
  channelId: string;
  /** File name without extension, as yt-dlp names downloads. */
  base: string;
}

export interface DemoGenerateResult {
  videos: GeneratedVideo[];
  /** False when ffmpeg has no drawtext filter or no font was found: clips then show a test pattern only. */
  titlesDrawn: boolean;
}

/** Bumped whenever rendering changes, so cached media from an older generator is not reused. */
const RENDER_VERSION = 1;
const TITLE_CHARS: Record<DemoKind, number> = { video: 24, short: 14, stream: 24 };

/** yt-dlp's default (non-restricted) file name sanitising: forbidden characters become full-width look-alikes. */
export function ytdlpFileTitle(title: string): string {
  const map: Record<string, string> = {
    '/': '⧸',
    '\\': '⧹',
    ':': '：',
    '*': '＊',
    '?': '？',
    '"': '＂',
    '<': '＜',
    '>': '＞',
    '|': '｜',
  };
  return title.replace(/[/\\:*?"<>|]/g, (c) => map[c]!);
}

export function fileBase(video: DemoVideoSpec): string {
  const id = videoId(video.slug);
  return video.naming === 'id' ? id : `${ytdlpFileTitle(video.title)} [${id}]`;
}

function wrap(text: string, width: number): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

export async function generateDemoLibrary(options: DemoGenerateOptions): Promise<DemoGenerateResult> {
  const media = new DemoMediaRepository(options.ffmpegPath);
  const { font } = await media.capabilities();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-text-'));
  fs.mkdirSync(options.outDir, { recursive: true });
  if (options.mediaCacheDir) fs.mkdirSync(options.mediaCacheDir, { recursive: true });
  const todo = DEMO_VIDEOS.filter((v) => !options.skipIds?.has(videoId(v.slug)));
  try {
    const render = new CachedRenderer(media, font, work, options.mediaCacheDir);
    const videos = await mapLimit(todo, options.concurrency ?? 2, (video) =>
      writeVideo(video, options.outDir, render),
    );
    return { videos, titlesDrawn: font !== undefined };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function writeVideo(
  video: DemoVideoSpec,
  outDir: string,
  render: CachedRenderer,
): Promise<GeneratedVideo> {
  const channel = channelSpec(video.channel);
  const n = DEMO_VIDEOS_INDEX.get(video.slug) ?? 0;
  const base = fileBase(video);
  const { width, height } = CLIP_SIZE[video.kind];
  const title = wrap(video.title, TITLE_CHARS[video.kind]);
  await render.clip(path.join(outDir, `${base}.mp4`), {
    width,
    height,
    seconds: CLIP_SECONDS[video.kind],
    color: channel.color,
    title,
    footer: channel.name,
    ...(video.kind === 'stream' && { badge: 'LIVE REPLAY' }),
    toneHz: 220 + n * 20,
  });
  const shape = video.thumb ?? '16:9';
  await render.image(path.join(outDir, `${base}.jpg`), {
    width: shape === 'vertical' ? 180 : 320,
    height: shape === 'vertical' ? 320 : 180,
    color: channel.color,
    title,
    fontSize: shape === 'vertical' ? 18 : 20,
    ...(shape === '4:3' && { padToHeight: 240 }),
  });
  for (const lang of ['en', 'de'] as const) {
    fs.writeFileSync(path.join(outDir, `${base}.${lang}.vtt`), subtitleVtt(video, lang));
  }
  // written last: an importer that starts early sees no metadata before the media is complete
  fs.writeFileSync(path.join(outDir, `${base}.info.json`), JSON.stringify(videoInfoJson(video, base)));
  return {
    slug: video.slug,
    id: videoId(video.slug),
    kind: video.kind,
    channelId: channelId(channel.key),
    base,
  };
}

type ClipSpec = Omit<ClipRequest, 'out' | 'titleFile' | 'footerFile'> & { title: string; footer: string };
type ImageSpec = Omit<ImageRequest, 'out' | 'titleFile'> & { title: string };

/** Renders through the repository, reusing an earlier identical rendering from the cache folder when there is one. */
class CachedRenderer {
  constructor(
    private readonly media: DemoMediaRepository,
    private readonly font: string | undefined,
    private readonly work: string,
    private readonly cacheDir: string | undefined,
  ) {}

  clip(out: string, spec: ClipSpec): Promise<void> {
    return this.cached(out, spec, async (target) => {
      const { title, footer, ...rest } = spec;
      const titleFile = this.textFile(title);
      const footerFile = this.textFile(footer);
      await this.media.renderClip({ ...rest, out: target, titleFile, footerFile }, this.font);
    });
  }

  image(out: string, spec: ImageSpec): Promise<void> {
    return this.cached(out, spec, async (target) => {
      const { title, ...rest } = spec;
      await this.media.renderImage({ ...rest, out: target, titleFile: this.textFile(title) }, this.font);
    });
  }

  private textFile(text: string): string {
    const file = path.join(this.work, `${randomBytes(6).toString('hex')}.txt`);
    fs.writeFileSync(file, text);
    return file;
  }

  private async cached(out: string, spec: object, render: (target: string) => Promise<void>): Promise<void> {
    if (!this.cacheDir) return render(out);
    const ext = path.extname(out);
    const key = createHash('sha256')
      .update(JSON.stringify({ RENDER_VERSION, font: this.font ?? null, ext, spec }))
      .digest('hex');
    const hit = path.join(this.cacheDir, `${key}${ext}`);
    if (!fs.existsSync(hit)) {
      // rendered under a unique name and renamed, so parallel test files never see a half-written file
      const partial = path.join(this.cacheDir, `${key}.${randomBytes(4).toString('hex')}.partial${ext}`);
      await render(partial);
      fs.renameSync(partial, hit);
    }
    fs.copyFileSync(hit, out);
  }
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The playlists as yt-dlp's flat playlist extraction returns them, entries in playlist order. */
export function demoPlaylistInfos() {
  return DEMO_PLAYLISTS.map(playlistInfoJson);
}

/** The channels as yt-dlp's channel extraction returns them (about text, tags, artwork list). */
export function demoChannelInfos() {
  return DEMO_CHANNELS.map(channelInfoJson);
}

/** Channel artwork as the art download leaves it: `<dir>/<channel_id>_{thumb,banner,tvart}.jpg`. */
export async function generateChannelArt(dir: string, ffmpegPath: string): Promise<string[]> {
  const media = new DemoMediaRepository(ffmpegPath);
  const { font } = await media.capabilities();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-text-'));
  fs.mkdirSync(dir, { recursive: true });
  const jobs = DEMO_CHANNELS.flatMap((channel) => {
    const id = channelId(channel.key);
    const initials = channel.name
      .split(' ')
      .map((w) => w[0])
      .join('');
    const art = [
      ['thumb', 176, 176, initials, 64],
      ['banner', 640, 106, channel.name, 40],
      ['tvart', 320, 180, channel.name, 30],
    ] as const;
    return art.map(([name, width, height, text, fontSize]) => ({
      id,
      name,
      width,
      height,
      text,
      fontSize,
      channel,
    }));
  });
  try {
    return await mapLimit(jobs, 2, async ({ id, name, width, height, text, fontSize, channel }) => {
      const titleFile = path.join(work, `${id}_${name}.txt`);
      fs.writeFileSync(titleFile, text);
      const out = path.join(dir, `${id}_${name}.jpg`);
      await media.renderImage({ out, width, height, color: channel.color, titleFile, fontSize }, font);
      return out;
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
