import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { AppConfig } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from './query-keys.ts';

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiRequest<AppConfig>('/api/appsettings/config/', { signal });
}

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.appConfig, queryFn: ({ signal }) => getAppConfig(signal) });

/** Application settings every signed-in page may need (e.g. application.enable_cast). */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQueryOptions()).data;
}
