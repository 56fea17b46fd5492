import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { isFinished, TaskOutcome, useTaskOutcome } from '../../tasks/index.ts';
import { createSnapshot, restoreSnapshot, snapshotsKey, useSnapshots } from '../api/snapshots.ts';

/**
 * Spec §2 Settings: Application, Snapshots: when the next daily snapshot runs, how long they are kept,
 * each snapshot with Restore, and a button taking one now. Shows "Snapshot in progress" and "Snapshot
 * restore started" while those run, then their outcome; a finished restore refreshes every page's data.
 */
export function SnapshotSettings() {
  const queryClient = useQueryClient();
  const snapshots = useSnapshots();
  const [creating, setCreating] = useState<string>();
  const [restoring, setRestoring] = useState<{ id: string; task: string }>();
  const create = useMutation({ mutationFn: createSnapshot, onSuccess: (s) => setCreating(s.task_id) });
  const restore = useMutation({
    mutationFn: restoreSnapshot,
    onSuccess: (answer, id) => setRestoring({ id, task: answer.task_id }),
  });
  const created = isFinished(useTaskOutcome(creating, [snapshotsKey]).data);
  const restored = isFinished(useTaskOutcome(restoring?.task).data);
  useEffect(() => {
    if (restored) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'tasks' });
  }, [restored, queryClient]);
  const list = snapshots.data;
  return (
    <div className="snapshot-settings">
      <p className="help-text">
        Point-in-time copies of the archive index, taken daily and kept {list?.expire_after ?? '30d'} (at
        least 5, at most 50). A restore replaces the index with the snapshot&apos;s while the server runs;
        media files stay.
      </p>
      {snapshots.isPending && <Spinner label="Loading the snapshots" />}
      {snapshots.error && <ErrorText>{errorMessage(snapshots.error)}</ErrorText>}
      {list && (
        <p>
          Next snapshot: <strong>{list.next_exec_str ?? 'not scheduled'}</strong> | Snapshots expire after{' '}
          <strong>{list.expire_after}</strong>
        </p>
      )}
      {creating && !created ? (
        <p role="status">Snapshot in progress</p>
      ) : (
        <button
          type="button"
          className="button primary"
          disabled={create.isPending}
          onClick={() => create.mutate()}
        >
          Create snapshot now
        </button>
      )}
      {creating && created && <TaskOutcome taskId={creating} />}
      {create.error && <ErrorText>{errorMessage(create.error)}</ErrorText>}
      {list?.snapshots.length === 0 && <p>No snapshots yet.</p>}
      {list && list.snapshots.length > 0 && (
        <table className="snapshot-list">
          <thead>
            <tr>
              <th scope="col">Snapshot</th>
              <th scope="col">Taken</th>
              <th scope="col">Duration</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Restore</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.snapshots.map((snapshot) => (
              <tr key={snapshot.id}>
                <td>{snapshot.id}</td>
                <td>{snapshot.start_date}</td>
                <td>{snapshot.duration_s} s</td>
                <td>{snapshot.state}</td>
                <td>
                  {restoring?.id === snapshot.id ? (
                    <div className="action-progress">
                      <p role="status">Snapshot restore started</p>
                      <TaskOutcome taskId={restoring.task} />
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="button danger"
                      disabled={restore.isPending}
                      onClick={() => restore.mutate(snapshot.id)}
                    >
                      Restore
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {restore.error && <ErrorText>{errorMessage(restore.error)}</ErrorText>}
    </div>
  );
}
