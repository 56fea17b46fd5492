import type { Playlist } from '@tubekeeper/contract';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdatePlaylistSubscription } from '../api/update-playlist.ts';

type PlaylistRef = Pick<Playlist, 'playlist_id' | 'playlist_name' | 'playlist_subscribed'>;

/** Subscribe or unsubscribe a provider playlist (staff only, spec §6). */
export function PlaylistSubscribeButton({ playlist }: { playlist: PlaylistRef }) {
  const update = useUpdatePlaylistSubscription(playlist.playlist_id);
  const subscribed = playlist.playlist_subscribed;
  return (
    <span className="subscribe-control">
      <button
        type="button"
        className={subscribed ? 'button' : 'button primary'}
        title={`${subscribed ? 'Unsubscribe from' : 'Subscribe to'} ${playlist.playlist_name}`}
        disabled={update.isPending}
        onClick={() => update.mutate(!subscribed)}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </span>
  );
}
