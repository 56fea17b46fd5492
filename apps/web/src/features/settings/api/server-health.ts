import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * Why the server only answers reads (a full disk stopped its start-up recovery), or null when it takes
 * writes. `GET /api/health/` answers 503 with the reason then, to anyone; any other failure is not ours
 * to show here.
 */
export async function getReadOnlyReason(signal?: AbortSignal): Promise<string | null> {
  try {
    await apiRequest<string>('/api/health/', { signal, authRedirect: false });
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && error.fromServer) return error.message;
    return null;
  }
}

export const readOnlyQueryOptions = () =>
  queryOptions({
    queryKey: ['server', 'read-only'] as const,
    queryFn: ({ signal }) => getReadOnlyReason(signal),
    // the server leaves read-only by itself once there is room: the notice goes without a reload
    refetchInterval: 15_000,
  });

export function useReadOnlyReason() {
  return useQuery(readOnlyQueryOptions()).data ?? null;
}
