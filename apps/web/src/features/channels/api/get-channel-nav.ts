import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelNav } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelKeys } from './query-keys.ts';

/** Which sub-pages the channel has (spec §2 Channel layout). */
export function getChannelNav(id: string, signal?: AbortSignal): Promise<ChannelNav> {
  return apiRequest<ChannelNav>(`/api/channel/${encodeURIComponent(id)}/nav/`, { signal });
}

export const channelNavQueryOptions = (id: string) =>
  queryOptions({ queryKey: channelKeys.nav(id), queryFn: ({ signal }) => getChannelNav(id, signal) });

export function useChannelNav(id: string) {
  return useQuery(channelNavQueryOptions(id));
}
