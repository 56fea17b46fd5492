export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface SubtitleFragment {
  /** 1-based, as upstream's subtitle_index */
  fragment_index: number;
  start_ms: number;
  end_ms: number;
  line: string;
}

/** Cues per searchable fragment (upstream §3.4). */
export const CUES_PER_FRAGMENT = 5;

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})/;

/**
 * The cues of a WebVTT file. Lenient like a player: header, NOTE/STYLE/REGION blocks and cue ids are
 * skipped, cue settings after the timing ignored, markup (<c>, <i>, karaoke timestamps) stripped.
 * Throws when the text is not WebVTT at all.
 */
export function parseVtt(text: string): Cue[] {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT/.test(normalized)) throw new Error('not a WebVTT file (it must start with "WEBVTT")');
  const cues: Cue[] = [];
  for (const block of normalized.split(/\n{2,}/)) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    if (timingAt < 0) continue;
    const [, start, end] = TIMING.exec(lines[timingAt]!)!;
    const body = lines
      .slice(timingAt + 1)
      .map((line) => line.replace(/<[^>]*>/g, '').trim())
      .filter(Boolean)
      .join('\n');
    if (body) cues.push({ startMs: toMs(start!), endMs: toMs(end!), text: decodeEntities(body) });
  }
  return cues;
}

/**
 * Groups of five cues for the fulltext index. Unlike upstream, the last group is kept even when it has
 * fewer than five cues, so the end of every video is searchable.
 */
export function toFragments(cues: Cue[]): SubtitleFragment[] {
  const fragments: SubtitleFragment[] = [];
  for (let i = 0; i < cues.length; i += CUES_PER_FRAGMENT) {
    const group = cues.slice(i, i + CUES_PER_FRAGMENT);
    fragments.push({
      fragment_index: fragments.length + 1,
      start_ms: group[0]!.startMs,
      end_ms: group.at(-1)!.endMs,
      line: group.map((cue) => cue.text.replace(/\n/g, ' ')).join(' '),
    });
  }
  return fragments;
}

function toMs(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return Math.round(((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) * 1000);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
