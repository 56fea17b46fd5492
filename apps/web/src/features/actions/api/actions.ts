import type { TaskName, TaskStartResponse } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/task/by-name/{name}/` */
export function startTaskByName(name: TaskName): Promise<TaskStartResponse> {
  return apiRequest<TaskStartResponse>(`/api/task/by-name/${name}/`, { method: 'POST' });
}

/** `DELETE /api/download/?filter=`: every queued (pending) or every ignored item. */
export function clearQueue(filter: 'pending' | 'ignore'): Promise<void> {
  return apiRequest<void>(`/api/download/?filter=${filter}`, { method: 'DELETE' });
}
