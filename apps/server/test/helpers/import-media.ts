import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs ffmpeg or ffprobe; a missing tool fails the test with the package to install. */
export async function tool(name: 'ffmpeg' | 'ffprobe', args: string[]): Promise<string> {
  try {
    return (await run(name, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${name} not found: install the ffmpeg package (apt-get install ffmpeg)`);
    }
    throw error;
  }
}

const ff = (args: string[]) => tool('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
const VIDEO = (size: string) => ['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=25:d=1.2`];
const AUDIO = ['-f', 'lavfi', '-i', 'sine=f=440:d=1.2'];

export interface SampleMedia {
  dir: string;
  mp4: string;
  /** h264/aac mkv with a jpeg cover attachment and an English subrip stream, tagged title + artist */
  mkv: string;
  /** vp9/opus, no tags */
  webm: string;
  /** mp4 tagged title "Embedded title", artist "Tag Artist" */
  taggedMp4: string;
  /** 4:3 jpg */
  jpg43: string;
  /** a vertical png */
  pngTall: string;
}

/** Tiny real media (1.2 s, 160x90), made once per test file. */
export async function makeSampleMedia(): Promise<SampleMedia> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-media-'));
  const p = (name: string) => path.join(dir, name);
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];
  await ff([...VIDEO('160x90'), ...AUDIO, ...h264, p('a.mp4')]);
  await ff(['-f', 'lavfi', '-i', 'color=c=red:s=120x120', '-frames:v', '1', p('cover.jpg')]);
  await fs.promises.writeFile(
    p('s.srt'),
    '1\n00:00:00,000 --> 00:00:00,600\nHello from the stream\n\n2\n00:00:00,600 --> 00:00:01,100\nSecond line\n',
  );
  await ff([
    ...['-i', p('a.mp4'), '-i', p('s.srt'), '-attach', p('cover.jpg')],
    ...['-metadata:s:t:0', 'mimetype=image/jpeg', '-metadata:s:t:0', 'filename=cover.jpg'],
    ...['-map', '0', '-map', '1', '-c', 'copy', '-c:s', 'srt', '-metadata:s:s:0', 'language=eng'],
    ...['-metadata', 'title=Mkv embedded title', '-metadata', 'artist=Some Artist', p('b.mkv')],
  ]);
  await ff([
    ...VIDEO('160x90'),
    ...AUDIO,
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libopus',
    '-shortest',
    p('c.webm'),
  ]);
  await ff([
    '-i',
    p('a.mp4'),
    '-c',
    'copy',
    '-metadata',
    'title=Embedded title',
    '-metadata',
    'artist=Tag Artist',
    p('tagged.mp4'),
  ]);
  await ff(['-f', 'lavfi', '-i', 'testsrc2=s=200x150', '-frames:v', '1', p('43.jpg')]);
  await ff(['-f', 'lavfi', '-i', 'testsrc2=s=90x160', '-frames:v', '1', p('tall.png')]);
  return {
    dir,
    mp4: p('a.mp4'),
    mkv: p('b.mkv'),
    webm: p('c.webm'),
    taggedMp4: p('tagged.mp4'),
    jpg43: p('43.jpg'),
    pngTall: p('tall.png'),
  };
}

export function vtt(lines: string[]): string {
  const cue = (text: string, i: number) => `${stamp(i * 200)} --> ${stamp(i * 200 + 200)}\n${text}`;
  return `WEBVTT\nKind: captions\nLanguage: x\n\n${lines.map(cue).join('\n\n')}\n`;
}

function stamp(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `00:00:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

export interface ProbeResult {
  format: { format_name: string; duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

export async function probe(file: string): Promise<ProbeResult> {
  return JSON.parse(
    await tool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]),
  ) as ProbeResult;
}

/** Width and height of a picture, read back with ffprobe. */
export async function imageSize(file: string): Promise<{ width: number; height: number }> {
  const stream = (await probe(file)).streams[0]!;
  return { width: stream.width ?? 0, height: stream.height ?? 0 };
}

/** Every file under `root`, as paths relative to it, sorted. */
export function listTree(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
