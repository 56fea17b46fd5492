import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../session/index.ts';

const potokenKey = ['settings', 'potoken'] as const;
const PATH = '/api/appsettings/potoken/';

/** The stored PO token, or null when there is none (the server answers 404 then). */
export async function getPoToken(signal?: AbortSignal): Promise<string | null> {
  try {
    return (await apiRequest<{ potoken: string }>(PATH, { signal })).potoken;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const poTokenQueryOptions = () =>
  queryOptions({ queryKey: potokenKey, queryFn: ({ signal }) => getPoToken(signal) });

export function usePoToken() {
  return useQuery(poTokenQueryOptions());
}

/** POST {potoken} stores and enables it; null revokes (DELETE). */
export function usePoTokenUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (potoken: string | null) =>
      potoken === null
        ? apiRequest(PATH, { method: 'DELETE' })
        : apiRequest(PATH, { method: 'POST', body: { potoken } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: potokenKey }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.appConfig }),
      ]),
  });
}
