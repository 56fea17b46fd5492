import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateWatched } from '../api/update-watched.ts';

/** Mark as watched / Mark as unwatched for every video of a channel or playlist (spec §2). */
export function MarkAllWatched({ id, name }: { id: string; name: string }) {
  const update = useUpdateWatched();
  return (
    <div className="button-row">
      <button
        type="button"
        className="button"
        title={`Mark all videos from ${name} as watched`}
        disabled={update.isPending}
        onClick={() => update.mutate({ id, is_watched: true })}
      >
        Mark as watched
      </button>
      <button
        type="button"
        className="button"
        title={`Mark all videos from ${name} as unwatched`}
        disabled={update.isPending}
        onClick={() => update.mutate({ id, is_watched: false })}
      >
        Mark as unwatched
      </button>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </div>
  );
}
