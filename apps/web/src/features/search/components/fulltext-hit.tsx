import type { FulltextHit as Hit } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { cueRange, videoAtCue } from '../lib/cue-time.ts';
import { HighlightedText } from './highlighted-text.tsx';

/**
 * A subtitle fragment that matched (spec §3 "Fulltext hit"): thumbnail, title, channel, when it is said
 * and the line with the matched words. Thumbnail and title open the video at the cue (`?t=`).
 */
export function FulltextHit({ hit }: { hit: Hit }) {
  const to = videoAtCue(hit.youtube_id, hit.subtitle_start);
  return (
    <article className="search-hit" data-testid="fulltext-hit">
      <Link to={to} className="search-hit-thumb" tabIndex={-1} aria-hidden="true">
        <FallbackImage src={hit.vid_thumb_url} alt="" fallbackClassName="thumb-fallback" />
      </Link>
      <div className="search-hit-body">
        <h3 className="video-card-title">
          <Link to={to}>{hit.title}</Link>
        </h3>
        <p className="search-hit-meta muted">
          <Link className="video-card-channel" to={`/channel/${hit.subtitle_channel_id}`}>
            {hit.subtitle_channel}
          </Link>
          <span>
            <time>{cueRange(hit.subtitle_start, hit.subtitle_end)}</time>
            {` · ${hit.subtitle_lang}${hit.subtitle_source ? ` (${hit.subtitle_source})` : ''}`}
          </span>
        </p>
        <HighlightedText className="search-hit-line" html={hit.subtitle_line} />
      </div>
    </article>
  );
}
