import type { Video } from '@tubekeeper/contract';
import { formatDate } from '../../../lib/format.ts';
import { WatchedButton } from '../../videos/index.ts';

/** Published, last refreshed, the watched toggle and the provider link (spec §2 Video detail). */
export function VideoFacts({ video }: { video: Video }) {
  return (
    <div className="info-box">
      <p>Published: {formatDate(video.published)}</p>
      <p>Last refreshed: {formatDate(video.vid_last_refresh)}</p>
      <div className="watched-row">
        <span>Watched:</span>
        <WatchedButton youtubeId={video.youtube_id} title={video.title} watched={video.player.watched} />
      </div>
      {video.active ? (
        <p>
          Youtube:{' '}
          <a
            href={`https://www.youtube.com/watch?v=${encodeURIComponent(video.youtube_id)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Active
          </a>
        </p>
      ) : (
        <p>Youtube: Deactivated</p>
      )}
    </div>
  );
}
