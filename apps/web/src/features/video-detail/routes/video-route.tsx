import type { Video } from '@tubekeeper/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import {
  CastButton,
  storeAutoplayPlaylist,
  storedAutoplayPlaylist,
  VideoPlayer,
  type SeekRequest,
} from '../../player/index.ts';
import { isStaff, useAccount, useAppConfig } from '../../session/index.ts';
import { useVideo } from '../../videos/index.ts';
import { videoNavQueryOptions } from '../api/get-video-nav.ts';
import { Comments } from '../components/comments.tsx';
import { PlaylistNav } from '../components/playlist-nav.tsx';
import { SimilarVideos } from '../components/similar-videos.tsx';
import { VideoDetails } from '../components/video-details.tsx';

/** `?t=` (seconds) wins over the saved position (spec §2). */
function startPosition(t: string | null, video: Video): number | undefined {
  const fromQuery = t === null ? Number.NaN : Number.parseFloat(t);
  if (Number.isFinite(fromQuery) && fromQuery >= 0) return fromQuery;
  return video.player.position;
}

function VideoPage({ video }: { video: Video }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = isStaff(useAccount());
  const { application } = useAppConfig();
  const [autoplayPlaylist, setAutoplayPlaylist] = useState(storedAutoplayPlaylist);
  const [seekRequest, setSeekRequest] = useState<SeekRequest>();

  useEffect(() => {
    document.title = `${video.title} | Tubekeeper`;
    return () => {
      document.title = 'Tubekeeper';
    };
  }, [video.title]);

  const changeAutoplay = (playlistId: string | null) => {
    storeAutoplayPlaylist(playlistId);
    setAutoplayPlaylist(playlistId);
  };
  const playNext = () => {
    const nav = queryClient.getQueryData(videoNavQueryOptions(video.youtube_id).queryKey);
    const next = nav?.find((item) => item.playlist_meta.playlist_id === autoplayPlaylist)?.playlist_next;
    if (autoplayPlaylist && next) void navigate(`/video/${next.youtube_id}`);
  };
  const seek = (seconds: number) =>
    setSeekRequest((previous) => ({ seconds, nonce: (previous?.nonce ?? 0) + 1 }));
  const start = startPosition(searchParams.get('t'), video);

  return (
    <article className="video-page">
      <VideoPlayer
        key={video.youtube_id}
        video={video}
        autoPlay={autoplayPlaylist !== null && video.playlist.includes(autoplayPlaylist)}
        onEnded={playNext}
        {...(start !== undefined && { startAt: start })}
        {...(seekRequest && { seekRequest })}
      />
      <div className="title-bar">
        {application.enable_cast && <CastButton key={video.youtube_id} video={video} />}
        <h1>{video.title}</h1>
      </div>
      <VideoDetails video={video} staff={staff} onTimestamp={seek} />
      <PlaylistNav
        youtubeId={video.youtube_id}
        autoplayPlaylist={autoplayPlaylist}
        onAutoplayChange={changeAutoplay}
      />
      <SimilarVideos youtubeId={video.youtube_id} />
      <Comments video={video} onTimestamp={seek} />
    </article>
  );
}

/** Spec §2 Video detail; a missing video shows the 404 page. */
export function VideoRoute() {
  const { videoId = '' } = useParams();
  const query = useVideo(videoId);
  if (query.isPending) return <Spinner label="Loading video" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <MessagePage title={missing ? '404' : 'Oops'}>
        <p>{missing ? 'That video does not exist' : errorMessage(query.error)}</p>
      </MessagePage>
    );
  }
  return <VideoPage video={query.data} />;
}
