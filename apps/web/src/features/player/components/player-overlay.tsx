import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useVideo, WatchedButton } from '../../videos/index.ts';
import { VideoPlayer } from './video-player.tsx';

function OverlayVideo({ youtubeId }: { youtubeId: string }) {
  const query = useVideo(youtubeId);
  if (query.isPending) return <Spinner label="Loading video" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <ErrorText>{missing ? 'Video not found.' : errorMessage(query.error)}</ErrorText>;
  }
  const video = query.data;
  return (
    <>
      <VideoPlayer
        video={video}
        autoPlay
        {...(video.player.position && { startAt: video.player.position })}
      />
      <div className="player-overlay-info">
        <WatchedButton youtubeId={video.youtube_id} title={video.title} watched={video.player.watched} />
        <div>
          <h2>
            <Link to={`/video/${video.youtube_id}`}>{video.title}</Link>
          </h2>
          <p className="muted">
            <Link to={`/channel/${video.channel.channel_id}`}>{video.channel.channel_name}</Link> ·{' '}
            {formatDate(video.published)}
          </p>
        </div>
      </div>
    </>
  );
}

/**
 * The embedded player opened by `?videoId=` (spec §2) on list pages: it plays in place, above the
 * list, and closing it only drops the parameter, so the list keeps its page.
 */
export function PlayerOverlay() {
  const [searchParams, setSearchParams] = useSearchParams();
  const youtubeId = searchParams.get('videoId');
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (youtubeId) panel.current?.scrollIntoView?.({ block: 'start' });
  }, [youtubeId]);

  if (!youtubeId) return null;
  const close = () =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.delete('videoId');
      return next;
    });
  return (
    <section className="player-overlay" ref={panel} aria-label="Video player">
      <button
        type="button"
        className="icon-button player-overlay-close"
        aria-label="Close player"
        onClick={close}
      >
        <CloseIcon />
      </button>
      <OverlayVideo key={youtubeId} youtubeId={youtubeId} />
    </section>
  );
}
