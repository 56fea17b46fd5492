import type { CommentHit as Hit } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { formatDate } from '../../../lib/format.ts';
import { HighlightedText } from './highlighted-text.tsx';

/** An archived comment that matched (`comment:`): the video it is on, its author, the text with the match. */
export function CommentHit({ hit }: { hit: Hit }) {
  const to = `/video/${encodeURIComponent(hit.youtube_id)}`;
  return (
    <article className="search-hit" data-testid="comment-hit">
      <Link to={to} className="search-hit-thumb" tabIndex={-1} aria-hidden="true">
        <FallbackImage src={hit.vid_thumb_url} alt="" fallbackClassName="thumb-fallback" />
      </Link>
      <div className="search-hit-body">
        <h3 className="video-card-title">
          <Link to={to}>{hit.title}</Link>
        </h3>
        <p className="search-hit-meta muted">
          <Link className="video-card-channel" to={`/channel/${hit.comment_channel_id}`}>
            {hit.comment_channel}
          </Link>
          <span>
            {hit.comment_author} · {formatDate(new Date(hit.comment_timestamp * 1000).toISOString())}
          </span>
        </p>
        <HighlightedText className="search-hit-line" html={hit.comment_text} />
      </div>
    </article>
  );
}
