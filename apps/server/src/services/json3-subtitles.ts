import type { Cue } from './subtitle-fragments.ts';

interface Json3Event {
  tStartMs?: number;
  dDurationMs?: number;
  aAppend?: number;
  segs?: { utf8?: string }[];
}

/**
 * The cues of YouTube's json3 subtitles (upstream §3.4): one per event with a duration and text.
 * Automatic captions come word by word in windows that overlap the next line; whitespace-only events
 * (line breaks) are dropped. Upstream appends an overlapping event to the previous cue, which turns a
 * whole video into one cue when every window overlaps; here the previous cue ends where the next starts,
 * so each caption line stays a cue of its own.
 */
export function json3Cues(text: string, automatic: boolean): Cue[] {
  const parsed = JSON.parse(text) as { events?: Json3Event[] };
  const cues: Cue[] = [];
  for (const event of parsed.events ?? []) {
    if (event.dDurationMs === undefined || !event.segs) continue;
    const body = event.segs.map((seg) => seg.utf8 ?? '').join('');
    const start = event.tStartMs ?? 0;
    const cue = { startMs: start, endMs: start + event.dDurationMs, text: body.trim() };
    if (!automatic) {
      if (cue.text) cues.push(cue);
      continue;
    }
    if (!cue.text) continue;
    const last = cues.at(-1);
    if (last && start < last.endMs) last.endMs = Math.max(last.startMs, start);
    cues.push(cue);
  }
  return cues;
}

/** A WebVTT file with upstream's header (`Kind: captions`, `Language: <lang>`) and numbered cues. */
export function toVtt(cues: Cue[], lang: string): string {
  const blocks = cues.map((cue, i) => `${i + 1}\n${stamp(cue.startMs)} --> ${stamp(cue.endMs)}\n${cue.text}`);
  return `WEBVTT\nKind: captions\nLanguage: ${lang}\n\n${blocks.join('\n\n')}\n`;
}

function stamp(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}
