import type {
  BackupFile,
  BackupRestoreStarted,
  BackupStarted,
  TaskStartResponse,
} from '@tubekeeper/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const backupsKey = ['settings', 'backups'] as const;

/** `GET /api/appsettings/backup/`: the ZIP backups, newest first. */
export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: backupsKey,
    queryFn: ({ signal }) => apiRequest<BackupFile[]>('/api/appsettings/backup/', { signal }),
  });

export const useBackups = () => useQuery(backupsQueryOptions());

/** `POST /api/appsettings/backup/`: starts run_backup; answered as a task start for the action row. */
export async function startBackup(): Promise<TaskStartResponse> {
  const answer = await apiRequest<BackupStarted>('/api/appsettings/backup/', { method: 'POST' });
  return { task_id: answer.task_id, status: 'PENDING' };
}

/** `POST /api/appsettings/backup/{filename}/`: starts restore_backup. */
export async function restoreBackup(filename: string): Promise<TaskStartResponse> {
  const answer = await apiRequest<BackupRestoreStarted>(
    `/api/appsettings/backup/${encodeURIComponent(filename)}/`,
    { method: 'POST' },
  );
  return { task_id: answer.task_id, status: 'PENDING' };
}
