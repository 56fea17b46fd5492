import type { NotifyTestResponse } from '@tubekeeper/contract';
import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useNotificationTest,
  useTaskNotifications,
  useTaskNotificationUpdate,
} from '../api/task-notifications.ts';

/** The tasks that send notifications (spec §7), with the names this page gives them. */
const NOTIFY_TASKS: { name: string; title: string }[] = [
  { name: 'update_subscribed', title: 'Rescan Subscriptions' },
  { name: 'extract_download', title: 'Add to download queue' },
  { name: 'download_pending', title: 'Start Download' },
  { name: 'check_reindex', title: 'Refresh Metadata' },
];

function TestResult({ result }: { result: NotifyTestResponse | undefined }) {
  if (!result) return null;
  if (!result.success) return <ErrorText>{`Test failed: ${result.message}`}</ErrorText>;
  return (
    <p className="help-text" role="status">
      {result.message}
    </p>
  );
}

/**
 * Spec §2 Settings: Scheduling, notification URLs per task: Apprise URLs added, tested and deleted; a
 * finished task sends its summary to them.
 */
export function TaskNotifications() {
  const taskId = useId();
  const urlId = useId();
  const list = useTaskNotifications();
  const update = useTaskNotificationUpdate();
  const test = useNotificationTest();
  const [taskName, setTaskName] = useState(NOTIFY_TASKS[0]!.name);
  const [url, setUrl] = useState('');
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ action: 'add', task_name: taskName, url: url.trim() }, { onSuccess: () => setUrl('') });
  };
  const entries = NOTIFY_TASKS.filter((task) => list.data?.[task.name]?.urls.length);
  return (
    <div className="settings-group task-notifications">
      <h2>Notifications</h2>
      <p className="help-text">
        When one of these tasks ends, its summary is sent to its{' '}
        <a href="https://github.com/caronc/apprise/wiki" target="_blank" rel="noreferrer">
          Apprise URLs
        </a>
        , for example <code>ntfy://my-topic</code> or <code>json://host:port/path</code>.
      </p>
      <form className="inline-form" onSubmit={onAdd}>
        <label htmlFor={taskId}>Task</label>
        <select id={taskId} value={taskName} onChange={(event) => setTaskName(event.target.value)}>
          {NOTIFY_TASKS.map((task) => (
            <option key={task.name} value={task.name}>
              {task.title}
            </option>
          ))}
        </select>
        <label htmlFor={urlId}>Apprise URL</label>
        <input id={urlId} type="text" value={url} onChange={(event) => setUrl(event.target.value)} />
        <button type="submit" className="button primary" disabled={update.isPending || !url.trim()}>
          Add
        </button>
        <button
          type="button"
          className="button"
          disabled={test.isPending || !url.trim()}
          onClick={() => test.mutate({ url: url.trim(), task_name: taskName })}
        >
          Test
        </button>
      </form>
      {update.error && <ErrorText>{errorMessage(update.error)}</ErrorText>}
      {test.error && <ErrorText>{errorMessage(test.error)}</ErrorText>}
      <TestResult result={test.data} />
      {list.error && <ErrorText>{errorMessage(list.error)}</ErrorText>}
      {list.data && entries.length === 0 && <p>No notification URLs.</p>}
      {entries.map((task) => (
        <div key={task.name} className="notify-task" data-task={task.name}>
          <h3>{task.title}</h3>
          <ul className="notify-urls">
            {list.data![task.name]!.urls.map((entry) => (
              <li key={entry}>
                <code>{entry}</code>{' '}
                <button
                  type="button"
                  className="button"
                  disabled={test.isPending}
                  onClick={() => test.mutate({ url: entry, task_name: task.name })}
                >
                  Test
                </button>{' '}
                <button
                  type="button"
                  className="button danger"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ action: 'delete', task_name: task.name, url: entry })}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
