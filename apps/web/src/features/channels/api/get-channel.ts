import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Channel } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelKeys } from './query-keys.ts';

export function getChannel(id: string, signal?: AbortSignal): Promise<Channel> {
  return apiRequest<Channel>(`/api/channel/${encodeURIComponent(id)}/`, { signal });
}

export const channelQueryOptions = (id: string) =>
  queryOptions({ queryKey: channelKeys.detail(id), queryFn: ({ signal }) => getChannel(id, signal) });

export function useChannel(id: string) {
  return useQuery(channelQueryOptions(id));
}
