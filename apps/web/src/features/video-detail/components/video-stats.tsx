import type { Video } from '@tubekeeper/contract';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useAppConfig } from '../../session/index.ts';

/**
 * Views, likes, dislikes and the star rating. Dislikes show only with the Return YouTube Dislike
 * integration on and a count above 0 (spec §9).
 */
export function VideoStats({ video }: { video: Video }) {
  const { downloads } = useAppConfig();
  const { view_count, like_count, dislike_count, average_rating } = video.stats;
  return (
    <div className="info-box video-stats">
      <p>Views: {formatCount(view_count)}</p>
      <p>Likes: {formatCount(like_count)}</p>
      {downloads.integrate_ryd && dislike_count > 0 && <p>Dislikes: {formatCount(dislike_count)}</p>}
      {average_rating !== null && average_rating > 0 && <StarRating rating={average_rating} />}
    </div>
  );
}
