import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BiggestChannelsOrder, StatsBiggestChannels } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { statsKeys } from './get-stats.ts';

/** `GET /api/stats/biggestchannels/?order=`: the 10 biggest channels by videos, duration or size. */
export function getBiggestChannels(order: BiggestChannelsOrder, signal?: AbortSignal) {
  return apiRequest<StatsBiggestChannels>(`/api/stats/biggestchannels/?order=${order}`, { signal });
}

/** The previous order's table stays on screen while the next one loads, so the card keeps its height. */
export function useBiggestChannels(order: BiggestChannelsOrder) {
  return useQuery({
    queryKey: statsKeys.biggestChannels(order),
    queryFn: ({ signal }) => getBiggestChannels(order, signal),
    placeholderData: keepPreviousData,
  });
}
