import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';
import { TaskOutcome } from '../../tasks/index.ts';
import { subscribeLines, useSubscribe, type SubscribeKind } from '../api/subscribe.ts';

const TEXT: Record<SubscribeKind, { label: string; placeholder: string }> = {
  channel: {
    label: 'Subscribe to channels',
    placeholder: 'Enter channel or video URLs, channel ids or @handles, one per line...',
  },
  playlist: {
    label: 'Subscribe to playlists',
    placeholder: 'Enter playlist ids or URLs, one per line...',
  },
};

/**
 * The staff subscribe form of the channel and playlist lists (spec §2, §5): several lines make one
 * batch; the server indexes and subscribes each, and the outcome names every line that failed.
 */
export function SubscribeForm({ kind }: { kind: SubscribeKind }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [taskId, setTaskId] = useState<string>();
  const subscribe = useSubscribe(kind);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (subscribeLines(text).length === 0) return;
    subscribe.mutate(text, {
      onSuccess: (task) => {
        setText('');
        setTaskId(task);
      },
    });
  };
  return (
    <div className="subscribe-form">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {TEXT[kind].label}
      </button>
      {open && (
        <form className="settings-textarea-form" onSubmit={onSubmit}>
          <label htmlFor={id} className="visually-hidden">
            {TEXT[kind].label}
          </label>
          <textarea
            id={id}
            rows={3}
            value={text}
            placeholder={TEXT[kind].placeholder}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="button-row">
            <button type="submit" className="button primary" disabled={subscribe.isPending}>
              Subscribe
            </button>
          </div>
          {subscribe.isError && <ErrorText>{errorMessage(subscribe.error)}</ErrorText>}
        </form>
      )}
      {taskId && (
        <TaskOutcome key={taskId} taskId={taskId} refresh={[QUERY_ROOTS.channels, QUERY_ROOTS.playlists]} />
      )}
    </div>
  );
}
