import { useEffect, useState } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { SeenIcon, UnseenIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateWatched } from '../api/update-watched.ts';

/** Spec §9: the watch button shows a spinner for 1 second after a click. */
export const WATCH_SPINNER_MS = 1000;

interface WatchedButtonProps {
  youtubeId: string;
  title: string;
  watched: boolean;
}

/** Toggles one video's watched state (global, upstream §7.3). */
export function WatchedButton({ youtubeId, title, watched }: WatchedButtonProps) {
  const update = useUpdateWatched();
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), WATCH_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  if (spinning || update.isPending) return <Spinner label="Saving watched state" />;
  const label = watched ? `Mark ${title} as unwatched` : `Mark ${title} as watched`;
  return (
    <>
      <button
        type="button"
        className={watched ? 'icon-button watched-button seen' : 'icon-button watched-button'}
        aria-label={label}
        title={watched ? 'Watched: mark as unwatched' : 'Not watched: mark as watched'}
        onClick={() => {
          setSpinning(true);
          update.mutate({ id: youtubeId, is_watched: !watched });
        }}
      >
        {watched ? <SeenIcon /> : <UnseenIcon />}
      </button>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </>
  );
}
