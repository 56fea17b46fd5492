import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelAggs } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelKeys } from './query-keys.ts';

/** Totals over the channel's videos: count, playback duration, size (spec §2 Channel videos). */
export function getChannelAggs(id: string, signal?: AbortSignal): Promise<ChannelAggs> {
  return apiRequest<ChannelAggs>(`/api/channel/${encodeURIComponent(id)}/aggs/`, { signal });
}

export const channelAggsQueryOptions = (id: string) =>
  queryOptions({ queryKey: channelKeys.aggs(id), queryFn: ({ signal }) => getChannelAggs(id, signal) });

export function useChannelAggs(id: string) {
  return useQuery(channelAggsQueryOptions(id));
}
