import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteChannel } from '../api/delete-channel.ts';

/** Spec §2 Channel about (staff): Delete Channel, confirmed by "Delete <name> including all videos?". */
export function DeleteChannelButton({ channelId, name }: { channelId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteChannel(channelId);
  const navigate = useNavigate();
  if (!confirming) {
    return (
      <button type="button" className="button danger" onClick={() => setConfirming(true)}>
        Delete Channel
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label="Confirm delete">
      <span>Delete {name} including all videos?</span>
      <button
        type="button"
        className="button danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate(undefined, { onSuccess: () => navigate('/channel/') })}
      >
        Delete
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {remove.isError && <ErrorText>{errorMessage(remove.error)}</ErrorText>}
    </div>
  );
}
