import type { Video } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { PlayIcon } from '../../../components/ui/icons.tsx';

interface VideoThumbnailProps {
  video: Pick<Video, 'youtube_id' | 'title' | 'vid_thumb_url' | 'player'>;
  /** Where the play button leads (the embedded player overlay); none means no play button. */
  playTo?: string;
}

/** Thumbnail with the duration, the caller's progress bar and, where the page has one, a play button. */
export function VideoThumbnail({ video, playTo }: VideoThumbnailProps) {
  const progress = video.player.progress;
  return (
    <div className="video-thumb">
      <Link to={`/video/${video.youtube_id}`} tabIndex={-1} aria-hidden="true">
        <FallbackImage src={video.vid_thumb_url} alt="" fallbackClassName="thumb-fallback" />
      </Link>
      {video.player.duration_str && <span className="duration-badge">{video.player.duration_str}</span>}
      {progress !== undefined && progress > 0 && (
        <span className="progress-bar" aria-hidden="true">
          <span style={{ width: `${Math.min(100, progress)}%` }} />
        </span>
      )}
      {playTo && (
        <Link to={playTo} className="play-button" aria-label={`Play ${video.title}`} title="Play here">
          <PlayIcon />
        </Link>
      )}
    </div>
  );
}
