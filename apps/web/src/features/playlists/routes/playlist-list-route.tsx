import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { isStaff, useAccount, useUserConfig } from '../../session/index.ts';
import { SubscribeForm } from '../../subscriptions/index.ts';
import { ViewControls } from '../../videos/index.ts';
import { usePlaylistList } from '../api/list-playlists.ts';
import { CreatePlaylistForm } from '../components/create-playlist-form.tsx';
import { PlaylistCards } from '../components/playlist-cards.tsx';

/** Spec §2 Playlist list: like the channel list, plus the create-custom-playlist form. */
export function PlaylistListRoute() {
  const config = useUserConfig();
  const staff = isStaff(useAccount());
  const page = usePageParam();
  const list = usePlaylistList({
    ...(config.show_subed_only_playlists && { subscribed: true }),
    ...(page > 1 && { page }),
  });
  return (
    <section>
      <h1>Playlists</h1>
      {staff && <SubscribeForm kind="playlist" />}
      {/* every signed-in user manages custom playlists (spec §6) */}
      <CreatePlaylistForm />
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
    </section>
  );
}
