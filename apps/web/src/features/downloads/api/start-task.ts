import { useMutation } from '@tanstack/react-query';
import type { TaskName, TaskStartResponse } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/task/by-name/{name}/`: Rescan subscriptions (update_subscribed), Start download (download_pending). */
export function startTask(name: TaskName): Promise<TaskStartResponse> {
  return apiRequest<TaskStartResponse>(`/api/task/by-name/${name}/`, { method: 'POST' });
}

export function useStartTask() {
  return useMutation({ mutationFn: startTask });
}
