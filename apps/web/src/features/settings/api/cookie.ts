import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CookieState } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../session/index.ts';

const cookieKey = ['settings', 'cookie'] as const;
const PATH = '/api/appsettings/cookie/';

export const cookieQueryOptions = () =>
  queryOptions({ queryKey: cookieKey, queryFn: ({ signal }) => apiRequest<CookieState>(PATH, { signal }) });

export function useCookieState() {
  return useQuery(cookieQueryOptions());
}

type CookieAction = { action: 'update'; cookie: string } | { action: 'validate' } | { action: 'revoke' };

/** PUT {cookie} (import and validate), POST (validate again), DELETE (revoke). */
export function cookieRequest(request: CookieAction): Promise<CookieState | undefined> {
  if (request.action === 'update')
    return apiRequest(PATH, { method: 'PUT', body: { cookie: request.cookie } });
  if (request.action === 'validate') return apiRequest(PATH, { method: 'POST' });
  return apiRequest(PATH, { method: 'DELETE' });
}

/** Every cookie change also switches downloads.cookie_import, so the app config is read again. */
export function useCookieAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cookieRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cookieKey }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.appConfig }),
      ]),
  });
}
