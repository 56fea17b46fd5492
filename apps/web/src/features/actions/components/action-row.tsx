import { useMutation } from '@tanstack/react-query';
import type { TaskStartResponse } from '@tubekeeper/contract';
import { useState } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { TaskOutcome } from '../../tasks/index.ts';

interface ActionRowProps {
  buttonLabel: string;
  /** spec §2 Settings: Actions: the text shown once started */
  progressText: string;
  start: () => Promise<TaskStartResponse | void>;
  danger?: boolean;
  /** asked before starting, with Confirm and Cancel (a destructive action) */
  confirm?: string;
}

/**
 * One action: its button until clicked (then its question, if it asks one), then the progress text
 * (spec §4: settings actions show an in-progress text after being clicked) and, for a task, its outcome
 * once it ends.
 */
export function ActionRow({ buttonLabel, progressText, start, danger = false, confirm }: ActionRowProps) {
  const [started, setStarted] = useState<TaskStartResponse | 'done' | undefined>();
  const [asking, setAsking] = useState(false);
  const action = useMutation({
    mutationFn: start,
    onSuccess: (answer) => setStarted(answer ?? 'done'),
    // a refused start shows its error under the button again
    onSettled: () => setAsking(false),
  });
  if (action.isPending || started) {
    return (
      <div className="action-progress">
        <p role="status">{progressText}</p>
        {started && started !== 'done' && (
          <TaskOutcome
            taskId={started.task_id}
            {...(started.message !== undefined && { notice: started.message })}
          />
        )}
      </div>
    );
  }
  if (asking) {
    return (
      <div className="action-confirm" role="group" aria-label={buttonLabel}>
        <p>{confirm}</p>
        <button type="button" className="button danger" onClick={() => action.mutate()}>
          Confirm
        </button>{' '}
        <button type="button" className="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        className={danger ? 'button danger' : 'button primary'}
        onClick={() => (confirm ? setAsking(true) : action.mutate())}
      >
        {buttonLabel}
      </button>
      {action.error && <ErrorText>{errorMessage(action.error)}</ErrorText>}
    </div>
  );
}
