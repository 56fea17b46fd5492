import { formatClock } from '../../../lib/format.ts';
import type { SkippedSegment } from '../hooks/use-sponsor-skip.ts';

interface SponsorNotesProps {
  youtubeId: string;
  sponsorblock: { is_enabled: boolean; has_unlocked?: boolean; segments: unknown[] } | null;
  skipped: SkippedSegment[];
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Spec §4: the notes about missing or unlocked segments, and each skipped segment. */
export function SponsorNotes({ youtubeId, sponsorblock, skipped }: SponsorNotesProps) {
  if (!sponsorblock?.is_enabled) return null;
  const onYouTube = (
    <ExternalLink href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}>
      this video on YouTube
    </ExternalLink>
  );
  const sponsorBlock = <ExternalLink href="https://sponsor.ajay.app/">SponsorBlock</ExternalLink>;
  return (
    <div className="sponsor-notes" aria-live="polite">
      {sponsorblock.segments.length === 0 && (
        <p>
          This video doesn&apos;t have any sponsor segments added. To add a segment go to {onYouTube} and add
          a segment using the {sponsorBlock} extension.
        </p>
      )}
      {sponsorblock.has_unlocked && (
        <p>
          This video has unlocked sponsor segments. Go to {onYouTube} and vote on the segments using the{' '}
          {sponsorBlock} extension.
        </p>
      )}
      {skipped.map((segment) => (
        <p key={segment.id} className="sponsor-skipped">
          Skipped sponsor segment from {formatClock(segment.from)} to {formatClock(segment.to)}.
        </p>
      ))}
    </div>
  );
}
