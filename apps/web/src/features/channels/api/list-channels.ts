import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelList, ChannelListQuery } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { previousPageOf } from '../../../lib/paged-placeholder.ts';
import { channelKeys } from './query-keys.ts';

/** `GET /api/channel/?filter=subscribed&page=` (spec §7). */
export function listChannels(query: ChannelListQuery, signal?: AbortSignal): Promise<ChannelList> {
  const params = new URLSearchParams();
  if (query.filter) params.set('filter', query.filter);
  if (query.page) params.set('page', String(query.page));
  const search = params.toString();
  return apiRequest<ChannelList>(`/api/channel/${search ? `?${search}` : ''}`, { signal });
}

export const channelListQueryOptions = (query: ChannelListQuery) =>
  queryOptions({
    queryKey: channelKeys.list(query),
    queryFn: ({ signal }) => listChannels(query, signal),
    placeholderData: (previous, previousQuery) => previousPageOf(previous, previousQuery?.queryKey[2], query),
  });

export function useChannelList(query: ChannelListQuery) {
  return useQuery(channelListQueryOptions(query));
}
