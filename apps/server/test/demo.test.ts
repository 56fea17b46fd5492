import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_SECONDS, DEMO_CHANNELS, DEMO_PLAYLISTS, videoId } from '../src/demo/demo-catalog.ts';
import { generateDemoLibrary, type DemoGenerateResult } from '../src/demo/demo-generator.ts';
import { DEMO_VIDEOS } from '../src/demo/demo-videos.ts';
import { DEMO_MEDIA_CACHE } from './helpers/demo.ts';

interface Probe {
  format: { duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

async function probe(file: string): Promise<Probe> {
  try {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
    return JSON.parse((await promisify(execFile)('ffprobe', args, { encoding: 'utf8' })).stdout) as Probe;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('ffprobe not found: install ffmpeg');
    throw error;
  }
}

/** Probes every file, four at a time: 48 sequential ffprobe runs would dominate the test's time. */
async function probeAll(paths: string[]): Promise<Map<string, Probe>> {
  const out = new Map<string, Probe>();
  const queue = [...paths];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) out.set(file, await probe(file));
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- info JSON is yt-dlp's free-form object
type Info = Record<string, any>;

describe('demo library generator (offline, yt-dlp download layout)', () => {
  let dir: string;
  let result: DemoGenerateResult;
  const infos = new Map<string, Info>();
  let probes: Map<string, Probe>;
  const files = () => fs.readdirSync(dir).sort();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-gen-'));
    result = await generateDemoLibrary({
      outDir: dir,
      ffmpegPath: 'ffmpeg',
      mediaCacheDir: DEMO_MEDIA_CACHE,
    });
    for (const video of result.videos) {
      infos.set(
        video.id,
        JSON.parse(fs.readFileSync(path.join(dir, `${video.base}.info.json`), 'utf8')) as Info,
      );
    }
    probes = await probeAll(
      result.videos.flatMap((v) => [`${v.base}.mp4`, `${v.base}.jpg`].map((f) => path.join(dir, f))),
    );
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes at least 3 channels and 24 videos of all three kinds, five files each', () => {
    const catalogFiles = DEMO_CHANNELS.length * 4 + DEMO_PLAYLISTS.length;
    expect(result.titlesDrawn).toBe(true);
    expect(result.videos.length).toBeGreaterThanOrEqual(24);
    expect(new Set(result.videos.map((v) => v.channelId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(result.videos.map((v) => v.kind))).toEqual(new Set(['video', 'short', 'stream']));
    expect(files()).toHaveLength(result.videos.length * 5 + catalogFiles);
    for (const { base } of result.videos) {
      for (const ext of ['.mp4', '.info.json', '.jpg', '.en.vtt', '.de.vtt'])
        expect(files()).toContain(base + ext);
    }
  });

  it('names files as yt-dlp does, with the id the import detects from the name', () => {
    const named = result.videos.filter((v) => v.base !== v.id);
    expect(named.length).toBeGreaterThan(0);
    expect(result.videos.length - named.length).toBeGreaterThan(0);
    for (const video of result.videos) {
      expect(video.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
      const fromName = /\[([a-zA-Z0-9_-]{11})\]$/.exec(video.base)?.[1] ?? video.base;
      expect(fromName).toBe(infos.get(video.id)!.id);
    }
    // yt-dlp replaces characters a file name cannot hold with full-width look-alikes
    expect(files()).toContain(`Knife skills： the claw grip [${videoId('knife')}].mp4`);
  });

  it('renders valid mp4 files of the stated length; shorts are vertical', () => {
    for (const video of result.videos) {
      const facts = probes.get(path.join(dir, `${video.base}.mp4`))!;
      const picture = facts.streams.find((s) => s.codec_type === 'video')!;
      expect(picture.codec_name).toBe('h264');
      expect(facts.streams.some((s) => s.codec_type === 'audio' && s.codec_name === 'aac')).toBe(true);
      expect(Number(facts.format.duration)).toBeCloseTo(CLIP_SECONDS[video.kind], 0);
      expect(Number(facts.format.duration)).toBeGreaterThanOrEqual(2);
      expect(Number(facts.format.duration)).toBeLessThanOrEqual(4.1);
      if (video.kind === 'short') expect(picture.height).toBeGreaterThan(picture.width!);
      else expect(picture.width).toBeGreaterThan(picture.height!);
      expect(infos.get(video.id)!.duration).toBe(CLIP_SECONDS[video.kind]);
    }
  });

  it('writes info JSON with the fields and shapes yt-dlp gives', () => {
    for (const video of result.videos) {
      const info = infos.get(video.id)!;
      expect(info).toMatchObject({ id: video.id, channel_id: video.channelId, _type: 'video', ext: 'mp4' });
      expect(info.channel_id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
      for (const key of [
        'title',
        'channel',
        'uploader',
        'uploader_id',
        'thumbnail',
        'webpage_url',
        'live_status',
      ])
        expect(typeof info[key], key).toBe('string');
      for (const key of ['timestamp', 'duration', 'view_count', 'like_count', 'channel_follower_count'])
        expect(typeof info[key], key).toBe('number');
      expect(info.upload_date).toMatch(/^\d{8}$/);
      expect(info.description).toMatch(/https:\/\/\S+/);
      expect(info.tags.length).toBeGreaterThan(0);
      expect(info.categories).toHaveLength(1);
      expect(Object.keys(info.requested_subtitles)).toEqual(['en', 'de']);
    }
    const all = [...infos.values()];
    expect(all.some((i) => i.view_count >= 1_000_000)).toBe(true);
    expect(all.some((i) => i.view_count < 10_000)).toBe(true);
    for (const short of all.filter((i) => i.media_type === 'short')) {
      expect(short.webpage_url).toContain('/shorts/');
      expect(short.height).toBeGreaterThan(short.width);
    }
    const streams = all.filter((i) => i.was_live);
    expect(streams.length).toBeGreaterThan(0);
    for (const stream of streams) expect(stream.live_status).toBe('was_live');
  });

  it('writes threaded comments with replies, links, uploader answers and hearts', () => {
    for (const info of infos.values()) {
      const comments = info.comments as Info[];
      const roots = comments.filter((c) => c.parent === 'root');
      const replies = comments.filter((c) => c.parent !== 'root');
      expect(roots.length).toBeGreaterThanOrEqual(2);
      expect(replies.length).toBeGreaterThanOrEqual(1);
      for (const reply of replies) expect(roots.map((r) => r.id)).toContain(reply.parent);
      expect(replies.some((c) => c.author_is_uploader && /https:\/\//.test(c.text))).toBe(true);
      expect(info.comment_count).toBe(comments.length);
      for (const c of comments) {
        expect(c).toMatchObject({ author: expect.any(String), author_id: expect.any(String) });
        expect(c.timestamp).toBeGreaterThan(info.timestamp);
      }
    }
    const all = [...infos.values()].flatMap((i) => i.comments as Info[]);
    expect(all.some((c) => c.is_favorited)).toBe(true);
  });

  it('writes valid WEBVTT in English and German with distinct sentences per video', () => {
    const texts = new Map<string, string>();
    for (const video of result.videos) {
      for (const lang of ['en', 'de']) {
        const vtt = fs.readFileSync(path.join(dir, `${video.base}.${lang}.vtt`), 'utf8');
        expect(vtt.startsWith('WEBVTT\n')).toBe(true);
        const times = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)];
        expect(times.length).toBeGreaterThanOrEqual(5);
        const lastEnd = times.at(-1)!.slice(5).map(Number);
        expect(lastEnd[2]! + lastEnd[3]! / 1000).toBeLessThanOrEqual(CLIP_SECONDS[video.kind]);
        texts.set(`${video.slug}.${lang}`, vtt);
      }
      expect(texts.get(`${video.slug}.en`)).not.toBe(texts.get(`${video.slug}.de`));
    }
    for (const spec of DEMO_VIDEOS) {
      const phrase = spec.lines[0][0];
      expect([...texts.values()].filter((t) => t.includes(phrase))).toHaveLength(1);
    }
  });

  it('writes thumbnails, some not 16:9 to exercise the crop', () => {
    const ratios = result.videos.map((v) => {
      const s = probes.get(path.join(dir, `${v.base}.jpg`))!.streams[0]!;
      return s.width! / s.height!;
    });
    expect(ratios.filter((r) => Math.abs(r - 16 / 9) < 0.01).length).toBeGreaterThan(0);
    expect(ratios.filter((r) => Math.abs(r - 4 / 3) < 0.01).length).toBeGreaterThan(0);
    expect(ratios.filter((r) => r < 1).length).toBeGreaterThan(0);
  });

  it('writes the two channel playlists with ordered entries and the channels with artwork', async () => {
    const read = (base: string) =>
      JSON.parse(fs.readFileSync(path.join(dir, `${base}.info.json`), 'utf8')) as Info;
    expect(result.playlists).toHaveLength(2);
    for (const { base, id } of result.playlists) {
      const playlist = read(base);
      expect(base).toBe(`${playlist.title} [${id}]`);
      expect(playlist).toMatchObject({ _type: 'playlist', id: expect.stringMatching(/^PL[\w-]{32}$/) });
      expect(playlist.entries.length).toBeGreaterThanOrEqual(4);
      for (const entry of playlist.entries as Info[]) {
        expect(infos.has(entry.id)).toBe(true);
        expect(entry.channel_id).toBe(playlist.channel_id);
      }
    }
    expect(result.channels.map((c) => c.id)).toEqual([...new Set(result.videos.map((v) => v.channelId))]);
    for (const { base, id } of result.channels) {
      // yt-dlp writes a channel as a playlist whose id is the channel id
      expect(read(base)).toMatchObject({
        _type: 'playlist',
        id,
        channel_id: id,
        description: expect.any(String),
      });
      const thumb = (await probe(path.join(dir, `${base}.jpg`))).streams[0]!;
      const banner = (await probe(path.join(dir, `${base}.banner.jpg`))).streams[0]!;
      const tvart = (await probe(path.join(dir, `${base}.tvart.jpg`))).streams[0]!;
      expect(thumb.width).toBe(thumb.height);
      expect(Math.floor(banner.width! / banner.height!)).toBeGreaterThan(5);
      expect(tvart.width! / tvart.height!).toBeCloseTo(16 / 9, 1);
    }
  });

  it('skips videos already archived and says what to do when ffmpeg is missing', async () => {
    const again = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-gen-'));
    try {
      const skipIds = new Set(result.videos.map((v) => v.id));
      const none = await generateDemoLibrary({ outDir: again, ffmpegPath: 'ffmpeg', skipIds });
      expect(none.videos).toEqual([]);
      expect(fs.readdirSync(again).filter((f) => f.endsWith('.mp4'))).toEqual([]);
      await expect(
        generateDemoLibrary({ outDir: again, ffmpegPath: path.join(again, 'no-ffmpeg') }),
      ).rejects.toThrow('ffmpeg not found: install it or set FFMPEG_PATH');
    } finally {
      fs.rmSync(again, { recursive: true, force: true });
    }
  });
});
