import { formatClock } from '../../../lib/format.ts';

/** "HH:MM:SS.mmm" (upstream's subtitle_start/subtitle_end) in seconds; 0 for anything else. */
export function cueSeconds(time: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(time.trim());
  if (!match) return 0;
  const [, hours = '0', minutes, seconds] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** The video page at the cue: `/video/<id>?t=<seconds>` (spec §2, t in seconds, milliseconds kept). */
export function videoAtCue(youtubeId: string, start: string): string {
  const seconds = Math.round(cueSeconds(start) * 1000) / 1000;
  return `/video/${encodeURIComponent(youtubeId)}?t=${seconds}`;
}

/** The cue's time range as the player shows positions: "0:03 – 0:04". */
export function cueRange(start: string, end: string): string {
  return `${formatClock(cueSeconds(start))} – ${formatClock(cueSeconds(end))}`;
}
