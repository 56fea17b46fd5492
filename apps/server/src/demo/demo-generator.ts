import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DemoMediaRepository } from '../repositories/demo-media.repository.ts';
import {
  CLIP_SECONDS,
  CLIP_SIZE,
  DEMO_CHANNELS,
  DEMO_PLAYLISTS,
  DEMO_VIDEOS_INDEX,
  channelId,
  channelSpec,
  playlistId,
  videoId,
  type DemoChannelSpec,
  type DemoKind,
  type DemoVideoSpec,
} from './demo-catalog.ts';
import { channelInfoJson, playlistInfoJson, videoInfoJson } from './demo-info-json.ts';
import { CachedRenderer, mapLimit, wrap } from './demo-render.ts';
import { subtitleVtt } from './demo-subtitles.ts';
import { DEMO_VIDEOS } from './demo-videos.ts';

/**
 * Writes the demo library into a folder (normally `<cache>/import/`) as yt-dlp leaves downloads, so the real
 * manual import indexes it:
 *   - per video `<base>.mp4`, `.info.json`, `.jpg`, `.en.vtt`, `.de.vtt`, where `<base>` is yt-dlp's default
 *     `<Title> [<id>]` or the bare `<id>` of `-o "%(id)s.%(ext)s"`;
 *   - per channel its info JSON (`yt-dlp --write-info-json` on the channel URL) with `<base>.jpg` (avatar),
 *     `<base>.banner.jpg` and `<base>.tvart.jpg`;
 *   - per playlist its flat info JSON with the entries in order.
 * Media is rendered from ffmpeg's generated sources through DemoMediaRepository, two at a time.
 */

export interface DemoGenerateOptions {
  /** Folder the groups are written to. */
  outDir: string;
  ffmpegPath: string;
  /** Skip these video ids (already archived), so a second run renders and imports no video again. */
  skipIds?: ReadonlySet<string>;
  /** Reuse rendered clips and pictures from here, keyed by a hash of everything that shapes them. */
  mediaCacheDir?: string;
  concurrency?: number;
}

export interface GeneratedItem {
  id: string;
  /** File name without extensions, as yt-dlp names it. */
  base: string;
}

export interface GeneratedVideo extends GeneratedItem {
  slug: string;
  kind: DemoKind;
  channelId: string;
}

export interface DemoGenerateResult {
  videos: GeneratedVideo[];
  channels: GeneratedItem[];
  playlists: GeneratedItem[];
  /** False when ffmpeg has no drawtext filter or no font was found: clips then show a test pattern only. */
  titlesDrawn: boolean;
}

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

export async function generateDemoLibrary(options: DemoGenerateOptions): Promise<DemoGenerateResult> {
  const media = new DemoMediaRepository(options.ffmpegPath);
  const { font } = await media.capabilities();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-text-'));
  fs.mkdirSync(options.outDir, { recursive: true });
  if (options.mediaCacheDir) fs.mkdirSync(options.mediaCacheDir, { recursive: true });
  const render = new CachedRenderer(media, font, work, options.mediaCacheDir);
  const limit = options.concurrency ?? 2;
  try {
    const todo = DEMO_VIDEOS.filter((v) => !options.skipIds?.has(videoId(v.slug)));
    const videos = await mapLimit(todo, limit, (video) => writeVideo(video, options.outDir, render));
    const channels = await mapLimit(DEMO_CHANNELS, limit, (channel) =>
      writeChannel(channel, options.outDir, render),
    );
    const playlists = DEMO_PLAYLISTS.map((playlist) => {
      const base = `${ytdlpFileTitle(playlist.title)} [${playlistId(playlist.key)}]`;
      writeJson(path.join(options.outDir, `${base}.info.json`), playlistInfoJson(playlist));
      return { id: playlistId(playlist.key), base };
    });
    return { videos, channels, playlists, titlesDrawn: font !== undefined };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** yt-dlp writes info JSON compact, on one line. Written last in each group, after the media is complete. */
function writeJson(file: string, value: unknown) {
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, JSON.stringify(value));
  fs.renameSync(partial, file);
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
  writeJson(path.join(outDir, `${base}.info.json`), videoInfoJson(video, base));
  return {
    slug: video.slug,
    id: videoId(video.slug),
    kind: video.kind,
    channelId: channelId(channel.key),
    base,
  };
}

/** The channel's info JSON with its avatar (square), banner (wider than 5:1) and TV art (16:9). */
async function writeChannel(
  channel: DemoChannelSpec,
  outDir: string,
  render: CachedRenderer,
): Promise<GeneratedItem> {
  const id = channelId(channel.key);
  const base = `${ytdlpFileTitle(channel.name)} [${id}]`;
  const initials = channel.name
    .split(' ')
    .map((w) => w[0])
    .join('');
  const art = [
    ['', 176, 176, initials, 64],
    ['.banner', 640, 106, channel.name, 40],
    ['.tvart', 320, 180, channel.name, 30],
  ] as const;
  for (const [suffix, width, height, title, fontSize] of art) {
    await render.image(path.join(outDir, `${base}${suffix}.jpg`), {
      width,
      height,
      color: channel.color,
      title,
      fontSize,
    });
  }
  writeJson(path.join(outDir, `${base}.info.json`), channelInfoJson(channel));
  return { id, base };
}
