import type { Playlist } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useUserConfig } from '../../session/index.ts';
import { EmptyVideos, useVideoList, VideoList, ViewControls } from '../../videos/index.ts';
import { CustomMoveControls } from './custom-move-controls.tsx';

/** The playlist's archived videos in playlist order, with hide-watched and (custom playlists) moves. */
export function PlaylistVideos({ playlist }: { playlist: Playlist }) {
  const config = useUserConfig();
  const page = usePageParam();
  const hideWatched = config.hide_watched_playlist ?? false;
  const list = useVideoList({
    playlist: playlist.playlist_id,
    ...(hideWatched && { watch: 'unwatched' as const }),
    ...(page > 1 && { page }),
  });
  const custom = playlist.playlist_type === 'custom';
  const total = list.data?.paginate.total_hits ?? 0;
  const offset = list.data?.paginate.page_from ?? 0;

  return (
    <section aria-label="Videos">
      <ViewControls
        viewKey="view_style_playlist"
        toggle={{ key: 'hide_watched_playlist', label: 'Hide watched videos' }}
      />
      {list.isPending && <Spinner label="Loading videos" />}
      {list.isError && <ErrorText>{errorMessage(list.error)}</ErrorText>}
      {list.data && list.data.data.length === 0 && custom && (
        <div className="empty-state">
          <h2>No videos found...</h2>
          <p>
            Try going to the <Link to="/">home page</Link> to add videos to this playlist.
          </p>
        </div>
      )}
      {list.data && list.data.data.length === 0 && !custom && <EmptyVideos />}
      {list.data && list.data.data.length > 0 && (
        <>
          <VideoList
            videos={list.data.data}
            viewStyle={config.view_style_playlist}
            inlinePlay
            {...(custom && {
              actionsFor: (video, index) => (
                <CustomMoveControls
                  playlistId={playlist.playlist_id}
                  videoId={video.youtube_id}
                  title={video.title}
                  isFirst={offset + index === 0}
                  isLast={offset + index === total - 1}
                />
              ),
            })}
          />
          <Pagination paginate={list.data.paginate} />
        </>
      )}
    </section>
  );
}
