/** What ffprobe tells us about a media file, in the shapes the archive stores. */
export interface MediaStream {
  index: number;
  type: 'video' | 'audio';
  codec: string;
  bitrate: number;
  width?: number;
  height?: number;
}

export interface MediaFacts {
  /** seconds */
  duration: number;
  /** bytes */
  size: number;
  width: number;
  height: number;
  /** the main video stream(s) and every audio stream; cover art is left out (upstream §3.3) */
  streams: MediaStream[];
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm" */
  container: string;
  /** container tags with lower-cased keys (title, artist, description, comment, date, …) */
  tags: Record<string, string>;
  /** stream index of the embedded cover picture, if any */
  coverStream: number | undefined;
  /** text subtitle streams that can become WebVTT */
  subtitleStreams: { index: number; codec: string; language: string | undefined }[];
}

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  bit_rate?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: {
    format_name?: string;
    duration?: string;
    size?: string;
    bit_rate?: string;
    tags?: Record<string, string>;
  };
}

const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);
const PICTURE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'webp', 'gif']);

/**
 * Streams as upstream stores them: video streams that carry a bit rate, plus every audio stream; a video
 * stream without a bit rate is cover art there. Matroska/WebM report no per-stream bit rates at all, so
 * there the main video stream (the first one that is not an attached picture) takes the container's
 * overall bit rate instead of disappearing. Cover pictures are recognised by their attached_pic flag,
 * which ffprobe sets for mp4 cover streams and mkv image attachments alike.
 */
export function parseProbe(json: string, fileSize: number): MediaFacts {
  const probe = JSON.parse(json) as ProbeOutput;
  const all = probe.streams ?? [];
  const pictures = all.filter((s) => s.codec_type === 'video' && isPicture(s));
  const videos = all.filter((s) => s.codec_type === 'video' && !isPicture(s));
  const main = videos[0];
  const formatRate = toNumber(probe.format?.bit_rate);
  const streams: MediaStream[] = [];
  for (const s of all) {
    if (s.codec_type === 'audio') streams.push(stream(s, 'audio', toNumber(s.bit_rate)));
    if (s.codec_type !== 'video' || isPicture(s)) continue;
    const rate = toNumber(s.bit_rate) || (s === main ? formatRate : 0);
    if (rate > 0) streams.push(stream(s, 'video', rate));
  }
  return {
    duration: toNumber(probe.format?.duration),
    size: toNumber(probe.format?.size) || fileSize,
    width: main?.width ?? 0,
    height: main?.height ?? 0,
    streams,
    container: probe.format?.format_name ?? '',
    tags: lowerKeys(probe.format?.tags ?? {}),
    coverStream: chooseCover(pictures)?.index,
    subtitleStreams: all
      .filter((s) => s.codec_type === 'subtitle' && TEXT_SUBTITLE_CODECS.has(s.codec_name ?? ''))
      .map((s) => ({
        index: s.index,
        codec: s.codec_name ?? '',
        language: lowerKeys(s.tags ?? {}).language,
      })),
  };
}

function isPicture(s: ProbeStream): boolean {
  return s.disposition?.attached_pic === 1;
}

/** An mkv attachment named cover* wins over other pictures (upstream §4.4). */
function chooseCover(pictures: ProbeStream[]): ProbeStream | undefined {
  const usable = pictures.filter((s) => PICTURE_CODECS.has(s.codec_name ?? ''));
  const named = usable.find((s) => /^cover/i.test(lowerKeys(s.tags ?? {}).filename ?? ''));
  return named ?? usable[0];
}

function stream(s: ProbeStream, type: 'video' | 'audio', bitrate: number): MediaStream {
  const base = { index: s.index, type, codec: s.codec_name ?? 'unknown', bitrate };
  return type === 'video' ? { ...base, width: s.width ?? 0, height: s.height ?? 0 } : base;
}

function toNumber(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

function lowerKeys(tags: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tags).map(([k, v]) => [k.toLowerCase(), v]));
}
