import { useParams } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { PlaylistCards, usePlaylistList } from '../../playlists/index.ts';
import { useUserConfig } from '../../session/index.ts';
import { ViewControls } from '../../videos/index.ts';

/** Spec §2 Channel playlists: show subscribed only, grid and list, pagination. */
export function ChannelPlaylistsRoute() {
  const { channelId = '' } = useParams();
  const config = useUserConfig();
  const page = usePageParam();
  const list = usePlaylistList({
    channel: channelId,
    ...(config.show_subed_only_playlists && { subscribed: true }),
    ...(page > 1 && { page }),
  });
  return (
    <>
      <ViewControls
        viewKey="view_style_playlist"
        toggle={{ key: 'show_subed_only_playlists', label: 'Show subscribed only' }}
      />
      {list.isPending && <Spinner label="Loading playlists" />}
      {list.isError && <ErrorText>{errorMessage(list.error)}</ErrorText>}
      {list.data &&
        (list.data.data.length === 0 ? (
          <div className="empty-state">
            <h2>No playlists found...</h2>
          </div>
        ) : (
          <>
            <PlaylistCards playlists={list.data.data} />
            <Pagination paginate={list.data.paginate} />
          </>
        ))}
    </>
  );
}
