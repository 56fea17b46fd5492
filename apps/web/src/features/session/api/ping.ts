import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PingResponse } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from './query-keys.ts';

/**
 * The ping decides whether someone is signed in, so a 403 is an answer here, not a reason to run the
 * global log-out handler: the protected loader and the login page act on it themselves.
 */
export function ping(signal?: AbortSignal): Promise<PingResponse> {
  return apiRequest<PingResponse>('/api/ping/', { authRedirect: false, signal });
}

export const pingQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.ping,
    queryFn: ({ signal }) => ping(signal),
    // The protected loader refreshes it on every entry; the footer must not re-ping on its own.
    staleTime: Infinity,
  });

/** Version and update notice for the footer (undefined only while the cache is being reset). */
export function usePing(): PingResponse | undefined {
  return useQuery(pingQueryOptions()).data;
}
