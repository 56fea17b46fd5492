import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { UserConfig } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from './query-keys.ts';

export function getUserConfig(signal?: AbortSignal): Promise<UserConfig> {
  return apiRequest<UserConfig>('/api/user/me/', { signal });
}

export const userConfigQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.userConfig, queryFn: ({ signal }) => getUserConfig(signal) });

export function useUserConfig(): UserConfig {
  return useSuspenseQuery(userConfigQueryOptions()).data;
}
