import type { ScheduledTask } from '@tubekeeper/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const schedulesKey = ['settings', 'schedules'] as const;

export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: schedulesKey,
    queryFn: ({ signal }) => apiRequest<ScheduledTask[]>('/api/task/schedule/', { signal }),
  });

export function useSchedules() {
  return useQuery(schedulesQueryOptions());
}

/** What one save sends: a schedule ("m h dow" or "auto"), a config, or null to disable (DELETE). */
export type ScheduleChange = { schedule: string } | { config: Record<string, number> } | null;

export function useScheduleUpdate(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ScheduleChange) =>
      change === null
        ? apiRequest(`/api/task/schedule/${name}/`, { method: 'DELETE' })
        : apiRequest(`/api/task/schedule/${name}/`, { method: 'POST', body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}
