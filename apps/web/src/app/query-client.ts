import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../features/notifications/index.ts';
import { ApiError } from '../lib/api-client.ts';

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A change made on any page may have started a task (a rescan, a download, a reindex): look at the
    // notifications again, which restarts their polling if anything runs.
    mutationCache: new MutationCache({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on retry; only network trouble and 5xx are worth another try.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
