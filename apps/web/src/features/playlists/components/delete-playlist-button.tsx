import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeletePlaylist } from '../api/delete-playlist.ts';

/** Spec §2 Playlist page: delete with confirm: Delete metadata, Delete all (with videos), Cancel. */
export function DeletePlaylistButton({ playlistId, name }: { playlistId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePlaylist(playlistId);
  const navigate = useNavigate();
  const run = (deleteVideos: boolean) =>
    remove.mutate(deleteVideos, { onSuccess: () => navigate('/playlist/') });

  if (!confirming) {
    return (
      <button type="button" className="button danger" onClick={() => setConfirming(true)}>
        Delete Playlist
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label="Confirm delete">
      <span>Delete {name}?</span>
      <button type="button" className="button" disabled={remove.isPending} onClick={() => run(false)}>
        Delete metadata
      </button>
      <button type="button" className="button danger" disabled={remove.isPending} onClick={() => run(true)}>
        Delete all
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {remove.isError && <ErrorText>{errorMessage(remove.error)}</ErrorText>}
    </div>
  );
}
