import { useMemo, useState } from 'react';
import { segmentToSkip, skippableSegments, type SponsorSegment } from '../lib/sponsor-skip.ts';

export interface SkippedSegment {
  id: string;
  from: number;
  to: number;
}

/**
 * Jumps over SponsorBlock segments as playback enters them (spec §4) and remembers what it skipped,
 * so the page can say "Skipped sponsor segment from X to Y".
 */
export function useSponsorSkip(segments: SponsorSegment[] | undefined) {
  const skippable = useMemo(() => skippableSegments(segments ?? []), [segments]);
  const [skipped, setSkipped] = useState<SkippedSegment[]>([]);

  const onTimeUpdate = (video: HTMLVideoElement) => {
    const segment = segmentToSkip(video.currentTime, skippable);
    if (!segment) return;
    video.currentTime = segment.end;
    setSkipped((list) => [
      ...list.filter((s) => s.id !== segment.id),
      { id: segment.id, from: segment.start, to: segment.end },
    ]);
  };

  return { skipped, onTimeUpdate };
}
