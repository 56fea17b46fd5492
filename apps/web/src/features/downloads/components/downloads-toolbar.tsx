import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStartTask } from '../api/start-task.ts';
import { AddIcon, DownloadIcon, RescanIcon } from './downloads-icons.tsx';

interface DownloadsToolbarProps {
  formOpen: boolean;
  onToggleForm: () => void;
  /** the task a button started, so the page can follow it */
  onStarted: (taskId: string, message?: string) => void;
}

/** Spec §2 Downloads: Rescan subscriptions, Start download, Add to download queue (toggles the form). */
export function DownloadsToolbar({ formOpen, onToggleForm, onStarted }: DownloadsToolbarProps) {
  const start = useStartTask();
  const run = (name: 'update_subscribed' | 'download_pending') =>
    start.mutate(name, { onSuccess: (answer) => onStarted(answer.task_id, answer.message) });
  return (
    <div className="downloads-toolbar">
      <button
        type="button"
        className="icon-button"
        aria-label="Rescan subscriptions"
        title="Rescan subscriptions"
        disabled={start.isPending}
        onClick={() => run('update_subscribed')}
      >
        <RescanIcon />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Start download"
        title="Start download"
        disabled={start.isPending}
        onClick={() => run('download_pending')}
      >
        <DownloadIcon />
      </button>
      <button
        type="button"
        className={formOpen ? 'icon-button active' : 'icon-button'}
        aria-label="Add to download queue"
        title="Add to download queue"
        aria-expanded={formOpen}
        onClick={onToggleForm}
      >
        <AddIcon />
      </button>
      {start.isError && <ErrorText>{errorMessage(start.error)}</ErrorText>}
    </div>
  );
}
