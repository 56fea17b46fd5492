import type { NotifyTestResponse, NotifyUrlList } from '@tubekeeper/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

const notifyKey = ['settings', 'task-notifications'] as const;
const PATH = '/api/task/notification/';

export const taskNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notifyKey,
    queryFn: ({ signal }) => apiRequest<NotifyUrlList>(PATH, { signal }),
  });

export function useTaskNotifications() {
  return useQuery(taskNotificationsQueryOptions());
}

export type NotifyChange =
  { action: 'add'; task_name: string; url: string } | { action: 'delete'; task_name: string; url: string };

export function useTaskNotificationUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: NotifyChange) =>
      apiRequest(PATH, { method: action === 'add' ? 'POST' : 'DELETE', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifyKey }),
  });
}

/** Sends a test message; a failed send is an answer to show (400 with success false), not an error. */
export function useNotificationTest() {
  return useMutation({
    mutationFn: async (body: { url: string; task_name?: string }): Promise<NotifyTestResponse> => {
      try {
        return await apiRequest<NotifyTestResponse>(`${PATH}test/`, { method: 'POST', body });
      } catch (error) {
        const answer = error instanceof ApiError ? (error.body as NotifyTestResponse | undefined) : undefined;
        if (answer && typeof answer.message === 'string') return { success: false, message: answer.message };
        throw error;
      }
    },
  });
}
