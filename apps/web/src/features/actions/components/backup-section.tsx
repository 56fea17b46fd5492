import { useQueryClient } from '@tanstack/react-query';
import type { TaskStartResponse } from '@tubekeeper/contract';
import { useEffect, useState } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { backupsKey, restoreBackup, startBackup, useBackups } from '../api/backups.ts';
import { isFinished, useTaskOutcome } from '../../tasks/index.ts';
import { ActionRow } from './action-row.tsx';

/** "20240301" → "2024-03-01" */
const day = (stamp: string) =>
  /^\d{8}$/.test(stamp) ? `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6)}` : stamp;

/**
 * Spec §2 Settings: Actions, ZIP index backup and restore from backup: start a backup ("Backing up
 * archive"), and every backup with its timestamp, source and file name and a Restore button ("Restoring
 * from backup"); "No backups found." when there is none. A finished restore refreshes every page's data.
 */
export function BackupSection() {
  const queryClient = useQueryClient();
  const backups = useBackups();
  const [backupTask, setBackupTask] = useState<string>();
  const [restoreTask, setRestoreTask] = useState<string>();
  // a running backup refreshes the list as it goes; its new file shows once it is written
  useTaskOutcome(backupTask, [backupsKey]);
  const restore = useTaskOutcome(restoreTask).data;
  const restored = isFinished(restore);
  useEffect(() => {
    // a restore replaced what every page shows: everything but the task being followed is fetched again
    if (restored) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'tasks' });
  }, [restored, queryClient]);
  const following = (remember: (id: string) => void, start: () => Promise<TaskStartResponse>) => async () => {
    const started = await start();
    remember(started.task_id);
    return started;
  };
  return (
    <>
      <div className="settings-group">
        <h2>ZIP file index backup</h2>
        <p className="help-text">
          Writes the whole archive index (channels, videos, playlists, subtitles, comments, the download
          queue, settings, users and watch progress) into a zip in the <code>backup</code> folder of the cache
          directory, in Tube Archivist&apos;s backup format. Media files are not included.
        </p>
        <ActionRow
          buttonLabel="Start backup"
          progressText="Backing up archive"
          start={following(setBackupTask, startBackup)}
        />
      </div>
      <div className="settings-group">
        <h2>Restore from backup</h2>
        <p>
          <span className="danger-zone">Danger Zone</span>: a restore replaces the whole index with the
          backup&apos;s; media files stay where they are.
        </p>
        {backups.isPending && <Spinner label="Loading the backups" />}
        {backups.error && <ErrorText>{errorMessage(backups.error)}</ErrorText>}
        {backups.data?.length === 0 && <p>No backups found.</p>}
        {backups.data && backups.data.length > 0 && (
          <table className="backup-list">
            <thead>
              <tr>
                <th scope="col">Timestamp</th>
                <th scope="col">Source</th>
                <th scope="col">Filename</th>
                <th scope="col">
                  <span className="visually-hidden">Restore</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {backups.data.map((backup) => (
                <tr key={backup.filename}>
                  <td>{day(backup.timestamp)}</td>
                  <td>{backup.reason || '-'}</td>
                  <td>{backup.filename}</td>
                  <td>
                    <ActionRow
                      buttonLabel="Restore"
                      progressText="Restoring from backup"
                      start={following(setRestoreTask, () => restoreBackup(backup.filename))}
                      confirm={`Replace the whole index with ${backup.filename}?`}
                      danger
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
