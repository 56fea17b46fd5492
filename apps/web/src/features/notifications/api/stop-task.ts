import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/task/by-id/{id}/` with `{command: "stop"}`: the task stops at its next safe point. */
export function stopTask(taskId: string): Promise<void> {
  return apiRequest<void>(`/api/task/by-id/${encodeURIComponent(taskId)}/`, {
    method: 'POST',
    body: { command: 'stop' },
  });
}

export function useStopTask() {
  return useMutation({ mutationFn: stopTask });
}
