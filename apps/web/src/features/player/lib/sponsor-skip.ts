/** Spec §9: a sponsor segment is skipped when playback is within 0.3 s of its start. */
export const SKIP_WINDOW_S = 0.3;

export interface SponsorSegment {
  UUID?: string;
  segment?: unknown;
  category?: string;
  actionType?: string;
}

export interface SkippableSegment {
  id: string;
  start: number;
  end: number;
}

/** The segments the player skips: well-formed [start, end] pairs whose action is not "none" (upstream §8). */
export function skippableSegments(segments: SponsorSegment[]): SkippableSegment[] {
  return segments.flatMap((segment, index) => {
    const range = segment.segment;
    if (!Array.isArray(range) || range.length < 2) return [];
    const [start, end] = range.map(Number);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end! <= start!) return [];
    if (segment.actionType === 'none') return [];
    return [{ id: segment.UUID ?? `segment-${index}`, start: start!, end: end! }];
  });
}

/** The segment to jump over at `time`, if playback has just entered one. */
export function segmentToSkip(time: number, segments: SkippableSegment[]): SkippableSegment | undefined {
  return segments.find((s) => time >= s.start && time <= s.start + SKIP_WINDOW_S);
}
