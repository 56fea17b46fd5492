import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStartReindex, type ReindexKind } from '../api/start-reindex.ts';

interface ReindexButtonsProps {
  kind: ReindexKind;
  id: string;
  name: string;
  /** Reindex the item itself (not offered for custom playlists, which have nothing to fetch). */
  self?: boolean;
  /** also offer Reindex Videos (channels and playlists) */
  videos?: boolean;
}

/** Spec §4: after a click the buttons give way to "Reindex scheduled". Staff only (the API is AdminOnly). */
export function ReindexButtons({ kind, id, name, self = true, videos = false }: ReindexButtonsProps) {
  const reindex = useStartReindex();
  if (reindex.isSuccess) return <p className="reindex-scheduled">Reindex scheduled</p>;
  return (
    <div className="button-row">
      {self && (
        <button
          type="button"
          className="button"
          title={`Reindex ${name}`}
          disabled={reindex.isPending}
          onClick={() => reindex.mutate({ kind, id })}
        >
          Reindex
        </button>
      )}
      {videos && (
        <button
          type="button"
          className="button"
          title={`Reindex Videos of ${name}`}
          disabled={reindex.isPending}
          onClick={() => reindex.mutate({ kind, id, videos: true })}
        >
          Reindex Videos
        </button>
      )}
      {reindex.isError && <ErrorText>{errorMessage(reindex.error)}</ErrorText>}
    </div>
  );
}
