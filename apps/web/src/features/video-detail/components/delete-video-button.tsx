import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteVideo } from '../api/delete-video.ts';

/**
 * Spec §2 Video detail (staff): Delete Video asks "Are you sure?" with Delete, Delete and Ignore and
 * Cancel; after either delete the user goes to the channel page.
 */
export function DeleteVideoButton({ youtubeId, channelId }: { youtubeId: string; channelId: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVideo(youtubeId);
  const navigate = useNavigate();
  const run = (andIgnore: boolean) =>
    remove.mutate(andIgnore, { onSuccess: () => navigate(`/channel/${channelId}`) });
  if (!confirming) {
    return (
      <button type="button" className="button danger" onClick={() => setConfirming(true)}>
        Delete Video
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label="Confirm delete">
      <span>Are you sure?</span>
      <button type="button" className="button danger" disabled={remove.isPending} onClick={() => run(false)}>
        Delete
      </button>
      <button type="button" className="button danger" disabled={remove.isPending} onClick={() => run(true)}>
        Delete and Ignore
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {remove.isError && <ErrorText>{errorMessage(remove.error)}</ErrorText>}
    </div>
  );
}
