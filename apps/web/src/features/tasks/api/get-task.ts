import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TaskResult } from '@tubekeeper/contract';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';

export const taskKeys = { detail: (id: string) => ['tasks', id] as const };

const FINISHED = new Set(['SUCCESS', 'FAILURE', 'REVOKED']);
const POLL_MS = 1000;

export const isFinished = (task: TaskResult | undefined) => task !== undefined && FINISHED.has(task.status);

/** `GET /api/task/by-id/{id}/` */
export function getTask(id: string, signal?: AbortSignal): Promise<TaskResult> {
  return apiRequest<TaskResult>(`/api/task/by-id/${encodeURIComponent(id)}/`, { signal });
}

/**
 * Follows a task the page started until it ends, refreshing the page's data (`refresh`: query keys) on
 * every answer while it runs and once more at the end, so the page shows what the task did.
 */
export function useTaskOutcome(id: string | undefined, refresh: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: taskKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getTask(id!, signal),
    enabled: id !== undefined,
    refetchInterval: (q) => (isFinished(q.state.data) ? false : POLL_MS),
  });
  const { data, dataUpdatedAt } = query;
  // the keys are usually a fresh literal each render; the task's answers, not they, drive the refresh
  const keys = useRef(refresh);
  keys.current = refresh;
  useEffect(() => {
    // every answer (running or finished) may mean the data changed
    if (data) for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
  }, [data, dataUpdatedAt, queryClient]);
  return query;
}
