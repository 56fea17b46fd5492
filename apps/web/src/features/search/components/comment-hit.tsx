import type { CommentHit as Hit } from '@tubekeeper/contract';
import { formatDate } from '../../../lib/format.ts';
import { SearchHitCard } from './search-hit-card.tsx';

/** An archived comment that matched (`comment:`): the video it is on, its author, the text with the match. */
export function CommentHit({ hit }: { hit: Hit }) {
  return (
    <SearchHitCard
      testId="comment-hit"
      to={`/video/${encodeURIComponent(hit.youtube_id)}`}
      thumbUrl={hit.vid_thumb_url}
      title={hit.title}
      channelId={hit.comment_channel_id}
      channelName={hit.comment_channel}
      meta={`${hit.comment_author} · ${formatDate(new Date(hit.comment_timestamp * 1000).toISOString())}`}
      line={hit.comment_text}
    />
  );
}
