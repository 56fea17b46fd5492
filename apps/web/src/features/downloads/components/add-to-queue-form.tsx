import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { queueLines, useAddToQueue } from '../api/add-to-queue.ts';

export const QUEUE_PLACEHOLDER = 'Enter at least one video, channel or playlist id/URL here...';

/**
 * The queue form (spec §2, §5): one id or URL per line, sent as typed; each line is resolved on the
 * server and a bad one is reported there. Download now queues with auto start.
 */
export function AddToQueueForm({ onStarted }: { onStarted: (taskId: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddToQueue();
  const submit = (autostart: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (queueLines(text).length === 0) return;
    add.mutate(
      { text, autostart },
      {
        onSuccess: (answer) => {
          setText('');
          onStarted(answer.task_id);
        },
      },
    );
  };
  return (
    <form className="add-to-queue" onSubmit={submit(false)}>
      <label htmlFor={id} className="visually-hidden">
        Videos, channels or playlists to add
      </label>
      <textarea
        id={id}
        rows={4}
        value={text}
        placeholder={QUEUE_PLACEHOLDER}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button primary" disabled={add.isPending}>
          Add to queue
        </button>
        <button type="button" className="button" disabled={add.isPending} onClick={submit(true)}>
          Download now
        </button>
      </div>
      {add.isError && <ErrorText>{errorMessage(add.error)}</ErrorText>}
    </form>
  );
}
