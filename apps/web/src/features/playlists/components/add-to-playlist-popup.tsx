import { Link } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { CloseIcon, SeenIcon, UnseenIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePlaylistList } from '../api/list-playlists.ts';
import { useUpdateCustomPlaylist } from '../api/update-custom-playlist.ts';

interface AddToPlaylistPopupProps {
  videoId: string;
  onClose: () => void;
}

/**
 * Spec §2 Video detail: "Add video to..." lists the custom playlists; a click toggles the video's
 * membership. The Create playlist link leads to the playlist list with its create form.
 */
export function AddToPlaylistPopup({ videoId, onClose }: AddToPlaylistPopupProps) {
  const playlists = usePlaylistList({ type: 'custom' });
  const update = useUpdateCustomPlaylist();
  return (
    <div className="popup-menu" role="dialog" aria-label="Add video to...">
      <button type="button" className="icon-button popup-close" aria-label="Close menu" onClick={onClose}>
        <CloseIcon />
      </button>
      <h3>Add video to...</h3>
      {playlists.isPending && <Spinner label="Loading playlists" />}
      {playlists.isError && <ErrorText>{errorMessage(playlists.error)}</ErrorText>}
      <ul className="popup-list">
        {playlists.data?.data.map((playlist) => {
          const member = playlist.playlist_entries.some((entry) => entry.youtube_id === videoId);
          return (
            <li key={playlist.playlist_id}>
              <button
                type="button"
                className="popup-item"
                aria-pressed={member}
                disabled={update.isPending}
                onClick={() =>
                  update.mutate({
                    playlistId: playlist.playlist_id,
                    action: member ? 'remove' : 'create',
                    videoId,
                  })
                }
              >
                {member ? <SeenIcon /> : <UnseenIcon />}
                <span>{playlist.playlist_name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
      <p>
        <Link to="/playlist/">Create playlist</Link>
      </p>
    </div>
  );
}
