import type { Video } from '@tubekeeper/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { VideoThumbnail } from './video-thumbnail.tsx';
import { WatchedButton } from './watched-button.tsx';

interface VideoCardProps {
  video: Video;
  /** Offer the play button that opens the embedded player on this page (spec §2 `?videoId=`). */
  inlinePlay?: boolean;
  /** Extra controls of the page, e.g. a custom playlist's move buttons. */
  actions?: ReactNode;
}

function playLink(params: URLSearchParams, youtubeId: string): string {
  const next = new URLSearchParams(params);
  next.set('videoId', youtubeId);
  return `?${next.toString()}`;
}

/** One video in a grid or list: thumbnail, watched toggle, channel, title, published date. */
export function VideoCard({ video, inlinePlay = false, actions }: VideoCardProps) {
  const [searchParams] = useSearchParams();
  return (
    <article className="video-card" data-testid="video-card">
      <VideoThumbnail
        video={video}
        {...(inlinePlay && { playTo: playLink(searchParams, video.youtube_id) })}
      />
      <div className="video-card-body">
        <div className="video-card-meta">
          <WatchedButton youtubeId={video.youtube_id} title={video.title} watched={video.player.watched} />
          <span className="muted">
            {formatDate(video.published)}
            {video.player.duration_str && ` | ${video.player.duration_str}`}
          </span>
        </div>
        <Link className="video-card-channel" to={`/channel/${video.channel.channel_id}`}>
          {video.channel.channel_name}
        </Link>
        <h3 className="video-card-title">
          <Link to={`/video/${video.youtube_id}`}>{video.title}</Link>
        </h3>
        {actions}
      </div>
    </article>
  );
}
