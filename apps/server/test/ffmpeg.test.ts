import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegRepository } from '../src/repositories/ffmpeg.repository.ts';
import { ArchiveFilesRepository } from '../src/repositories/archive-files.repository.ts';
import { ArchivePaths } from '../src/services/archive-paths.ts';
import { ArtworkService } from '../src/services/artwork.service.ts';
import { imageSize, makeSampleMedia, probe, tool, type SampleMedia } from './helpers/import-media.ts';

const ffmpeg = new FfmpegRepository({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
const ratio = ({ width, height }: { width: number; height: number }) => width / height;

describe('ffmpeg repository: media facts, conversion, pictures', () => {
  let media: SampleMedia;
  let out: string;
  beforeAll(async () => {
    media = await makeSampleMedia();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-ffout-'));
  });
  afterAll(() => {
    fs.rmSync(media.dir, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('reads duration, size and per-stream bit rates from an mp4', async () => {
    const facts = await ffmpeg.probe(media.mp4);
    expect(facts.duration).toBeGreaterThan(1);
    expect(facts.duration).toBeLessThan(1.5);
    expect(facts.size).toBe(fs.statSync(media.mp4).size);
    expect([facts.width, facts.height]).toEqual([160, 90]);
    expect(facts.streams.map((s) => [s.index, s.type, s.codec])).toEqual([
      [0, 'video', 'h264'],
      [1, 'audio', 'aac'],
    ]);
    expect(facts.streams[0]).toMatchObject({ width: 160, height: 90 });
    expect(facts.streams.every((s) => s.bitrate > 0)).toBe(true);
    expect(facts.coverStream).toBeUndefined();
  });

  it('leaves the mkv cover out of the streams, finds it and the subtitle stream, and reads the tags', async () => {
    const facts = await ffmpeg.probe(media.mkv);
    expect(facts.streams.map((s) => s.type)).toEqual(['video', 'audio']);
    // Matroska has no per-stream bit rate: the main video stream takes the container's
    expect(facts.streams[0]!.bitrate).toBeGreaterThan(0);
    expect(facts.coverStream).toBe(3);
    expect(facts.subtitleStreams).toEqual([{ index: 2, codec: 'subrip', language: 'eng' }]);
    expect(facts.tags).toMatchObject({ title: 'Mkv embedded title', artist: 'Some Artist' });
  });

  it('finds an mp4 cover picture (attached_pic) and leaves it out of the streams', async () => {
    const covered = path.join(out, 'covered.mp4');
    await tool('ffmpeg', [
      ...['-v', 'error', '-y', '-i', media.mp4, '-i', path.join(media.dir, 'cover.jpg')],
      ...['-map', '0', '-map', '1', '-c', 'copy', '-disposition:v:1', 'attached_pic', covered],
    ]);
    const facts = await ffmpeg.probe(covered);
    expect(facts.streams.map((s) => s.type)).toEqual(['video', 'audio']);
    expect(facts.coverStream).toBe(2);
    await ffmpeg.extractCover(covered, facts.coverStream!, path.join(out, 'mp4-cover.jpg'));
    expect(await imageSize(path.join(out, 'mp4-cover.jpg'))).toEqual({ width: 120, height: 120 });
  });

  it('refuses a file that is not media', async () => {
    const bad = path.join(out, 'bad.mp4');
    fs.writeFileSync(bad, 'not a video at all');
    await expect(ffmpeg.probe(bad)).rejects.toThrow(/invalid data|moov atom/i);
  });

  it('copies h264/aac into mp4 and re-encodes vp9/opus', async () => {
    const mkvFacts = await ffmpeg.probe(media.mkv);
    await ffmpeg.toMp4(media.mkv, mkvFacts, path.join(out, 'from-mkv.mp4'));
    const webmFacts = await ffmpeg.probe(media.webm);
    expect(webmFacts.streams.map((s) => s.codec)).toEqual(['vp9', 'opus']);
    await ffmpeg.toMp4(media.webm, webmFacts, path.join(out, 'from-webm.mp4'));
    for (const file of ['from-mkv.mp4', 'from-webm.mp4']) {
      const result = await probe(path.join(out, file));
      expect(result.format.format_name).toContain('mp4');
      expect(result.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    }
  });

  it('extracts the subtitle stream as WebVTT and the cover as JPEG', async () => {
    await ffmpeg.extractSubtitle(media.mkv, 2, path.join(out, 'sub.vtt'));
    const text = fs.readFileSync(path.join(out, 'sub.vtt'), 'utf8');
    expect(text).toMatch(/^WEBVTT/);
    expect(text).toContain('Hello from the stream');
    await ffmpeg.extractCover(media.mkv, 3, path.join(out, 'cover.jpg'));
    expect(await imageSize(path.join(out, 'cover.jpg'))).toEqual({ width: 120, height: 120 });
  });

  it('crops thumbnails to 16:9 from 4:3, vertical and square pictures', async () => {
    for (const [input, name] of [
      [media.jpg43, '43.jpg'],
      [media.pngTall, 'tall.jpg'],
    ] as const) {
      await ffmpeg.toJpeg(input, path.join(out, name), { crop169: true });
      expect(ratio(await imageSize(path.join(out, name)))).toBeCloseTo(16 / 9, 1);
    }
    expect(await imageSize(path.join(out, '43.jpg'))).toEqual({ width: 200, height: 112 });
    await ffmpeg.extractCover(media.mkv, 3, path.join(out, 'cover169.jpg'), { crop169: true });
    expect(await imageSize(path.join(out, 'cover169.jpg'))).toEqual({ width: 120, height: 67 });
  });

  it('converts several pictures in one run, each from its own input', async () => {
    const jobs = [
      { input: media.jpg43, output: path.join(out, 'many-43.jpg') },
      { input: media.pngTall, output: path.join(out, 'many-tall.jpg') },
    ];
    await ffmpeg.toJpegs(jobs, { crop169: true });
    // as one at a time: the 4:3 one 200x112 (above), the tall one as narrow as its width
    expect(await imageSize(jobs[0]!.output)).toEqual({ width: 200, height: 112 });
    await ffmpeg.toJpeg(media.pngTall, path.join(out, 'one-tall.jpg'), { crop169: true });
    expect(await imageSize(jobs[1]!.output)).toEqual(await imageSize(path.join(out, 'one-tall.jpg')));
  });

  it('makes playlist art 336x189 from the first archived video thumbnail, else the default', async () => {
    const paths = new ArchivePaths({ mediaDir: path.join(out, 'media'), cacheDir: path.join(out, 'cache') });
    const artwork = new ArtworkService(ffmpeg, new ArchiveFilesRepository(), paths);
    fs.mkdirSync(path.dirname(paths.videoThumb('abcdefghijk')), { recursive: true });
    await ffmpeg.toJpeg(media.jpg43, paths.videoThumb('abcdefghijk'), { crop169: true });
    await artwork.playlistArt('PLone', ['abcdefghijk']);
    expect(await imageSize(paths.playlistArt('PLone'))).toEqual({ width: 336, height: 189 });
    await artwork.playlistArt('PLtwo', []);
    expect(await imageSize(paths.playlistArt('PLtwo'))).toEqual({ width: 336, height: 189 });
    expect(fs.existsSync(paths.defaultImage('playlist-thumb'))).toBe(true);
    await artwork.videoThumb(path.join(out, 'frame.jpg'), { media: media.mp4, duration: 1.2 });
    expect(await imageSize(path.join(out, 'frame.jpg'))).toEqual({ width: 160, height: 90 });
  });

  it('says how to fix a missing ffmpeg, and kills the child when aborted', async () => {
    const missing = new FfmpegRepository({
      ffmpegPath: '/nonexistent/ffmpeg',
      ffprobePath: '/nonexistent/ffprobe',
    });
    await expect(missing.toJpeg(media.jpg43, path.join(out, 'x.jpg'))).rejects.toThrow(
      'ffmpeg not found: install it or set FFMPEG_PATH',
    );
    await expect(missing.probe(media.mp4)).rejects.toThrow(/ffprobe not found/);
    const controller = new AbortController();
    const slow = ffmpeg.toMp4(
      media.webm,
      await ffmpeg.probe(media.webm),
      path.join(out, 'slow.mp4'),
      controller.signal,
    );
    controller.abort('stop');
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
  });
});
