import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: the notification list is polled every 500 ms while it has anything in it. */
export const NOTIFICATION_POLL_MS = 500;

export const notificationKeys = {
  all: ['notifications'] as const,
};

export function listNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return apiRequest<Notification[]>('/api/notification/', { signal });
}

/**
 * Spec §4: poll every 500 ms and stop when the list is empty. A query that came back empty stays
 * idle until something restarts it (useRestartNotifications, or any mutation: see query-client.ts).
 */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => listNotifications(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.length ? NOTIFICATION_POLL_MS : false),
    // a failed poll (server restarting) tries again on the next tick instead of backing off
    retry: false,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** Starts polling again, e.g. right after a task was started from the page. */
export function useRestartNotifications(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
