import fs from 'node:fs';
import { runProcess } from './child-process.ts';

const NOT_FOUND = 'ffmpeg not found: install it or set FFMPEG_PATH';

/** Fonts tried in order for the titles drawn on demo clips (Debian's fonts-dejavu-core, then others). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

export interface DemoMediaCapabilities {
  /** Font for drawtext; undefined when ffmpeg lacks drawtext or no font was found (clips then show no text). */
  font: string | undefined;
}

export interface ClipRequest {
  out: string;
  width: number;
  height: number;
  seconds: number;
  color: string;
  /** Files holding the text to draw (drawtext's textfile avoids escaping titles with ':' or quotes). */
  titleFile: string;
  footerFile: string;
  badge?: string;
  toneHz: number;
}

export interface ImageRequest {
  out: string;
  width: number;
  height: number;
  color: string;
  titleFile: string;
  fontSize: number;
  /** Letterbox the picture to this height (black bars top and bottom), like the provider's 4:3 thumbnails. */
  padToHeight?: number;
}

export class DemoMediaError extends Error {}

/** Escapes a value for a filter option inside a filtergraph (ffmpeg-filters "Notes on filtergraph escaping"). */
function filterValue(value: string): string {
  const inOption = value.replace(/[\\:']/g, (c) => `\\${c}`);
  return inOption.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** Renders the demo library's clips and pictures with ffmpeg's generated sources: no input files needed. */
export class DemoMediaRepository {
  constructor(private readonly ffmpegPath: string) {}

  async capabilities(): Promise<DemoMediaCapabilities> {
    const { stdout } = await this.ffmpeg(['-hide_banner', '-filters']);
    if (!/\sdrawtext\s/.test(stdout)) return { font: undefined };
    return { font: FONT_CANDIDATES.find((f) => fs.existsSync(f)) };
  }

  async renderClip(clip: ClipRequest, font: string | undefined): Promise<void> {
    const { width: w, height: h, seconds: d } = clip;
    const video = font ? `color=c=${clip.color}:s=${w}x${h}:r=25:d=${d}` : `testsrc2=s=${w}x${h}:r=25:d=${d}`;
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', video];
    args.push('-f', 'lavfi', '-i', `sine=f=${clip.toneHz}:d=${d}:sample_rate=44100`);
    if (font) args.push('-vf', clipText(clip, font));
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p');
    args.push('-c:a', 'aac', '-b:a', '48k', '-shortest', '-movflags', '+faststart', clip.out);
    await this.ffmpeg(args);
  }

  async renderImage(image: ImageRequest, font: string | undefined): Promise<void> {
    const { width: w, height: h } = image;
    const filters: string[] = [];
    if (font) {
      const text = `fontfile=${filterValue(font)}:textfile=${filterValue(image.titleFile)}:expansion=none`;
      filters.push(
        `drawtext=${text}:fontsize=${image.fontSize}:fontcolor=white:line_spacing=4:x=(w-text_w)/2:y=(h-text_h)/2`,
      );
    }
    if (image.padToHeight) filters.push(`pad=${w}:${image.padToHeight}:0:(oh-ih)/2:black`);
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${image.color}:s=${w}x${h}`,
    ];
    if (filters.length > 0) args.push('-vf', filters.join(','));
    args.push('-frames:v', '1', '-q:v', '4', '-update', '1', image.out);
    await this.ffmpeg(args);
  }

  private async ffmpeg(args: string[]): Promise<{ stdout: string }> {
    try {
      return await runProcess(this.ffmpegPath, args, { notFound: NOT_FOUND });
    } catch (error) {
      const message = (error as Error).message;
      throw new DemoMediaError(message === NOT_FOUND ? message : `ffmpeg failed: ${message}`);
    }
  }
}

/** Title in the middle, channel name at the bottom, a running clock and a moving dot so playback is visible. */
function clipText(clip: ClipRequest, font: string): string {
  const font_ = `fontfile=${filterValue(font)}`;
  const small = Math.max(10, Math.round(Math.min(clip.width, clip.height) / 16));
  const centred = 'x=(w-text_w)/2:y=(h-text_h)/2';
  const filters = [
    `drawtext=${font_}:textfile=${filterValue(clip.titleFile)}:expansion=none:fontsize=${small + 6}:fontcolor=white:line_spacing=4:${centred}`,
    `drawtext=${font_}:textfile=${filterValue(clip.footerFile)}:expansion=none:fontsize=${small}:fontcolor=white@0.85:x=8:y=h-text_h-8`,
    `drawtext=${font_}:text=${filterValue('%{pts:hms}')}:fontsize=${small}:fontcolor=white@0.85:x=w-text_w-8:y=8`,
    `drawtext=${font_}:text=●:fontsize=${small + 2}:fontcolor=0xffcc00:x=(w-text_w)*t/${clip.seconds}:y=h-2*text_h-20`,
  ];
  if (clip.badge) {
    const box = 'box=1:boxcolor=0xcc0000:boxborderw=4';
    filters.push(
      `drawtext=${font_}:text=${filterValue(clip.badge)}:fontsize=${small}:fontcolor=white:${box}:x=10:y=10`,
    );
  }
  return filters.join(',');
}
