import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadAggs } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadKeys, type DownloadListParams } from './query-keys.ts';

/** `GET /api/download/aggs/?filter=`: the queue's channels with their item counts. */
export function getDownloadAggs(filter: DownloadListParams['filter'], signal?: AbortSignal) {
  return apiRequest<DownloadAggs>(`/api/download/aggs/?filter=${filter}`, { signal });
}

export const downloadAggsQueryOptions = (filter: DownloadListParams['filter']) =>
  queryOptions({
    queryKey: downloadKeys.aggs(filter),
    queryFn: ({ signal }) => getDownloadAggs(filter, signal),
  });

export function useDownloadAggs(filter: DownloadListParams['filter']) {
  return useQuery(downloadAggsQueryOptions(filter));
}
