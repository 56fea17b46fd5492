import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadList } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadKeys, type DownloadListParams } from './query-keys.ts';

/** `GET /api/download/?filter=&channel=&page=` (spec §7). */
export function listDownloads(params: DownloadListParams, signal?: AbortSignal): Promise<DownloadList> {
  const search = new URLSearchParams({ filter: params.filter });
  if (params.channel) search.set('channel', params.channel);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  return apiRequest<DownloadList>(`/api/download/?${search.toString()}`, { signal });
}

export const downloadListQueryOptions = (params: DownloadListParams) =>
  queryOptions({
    queryKey: downloadKeys.list(params),
    queryFn: ({ signal }) => listDownloads(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDownloadList(params: DownloadListParams) {
  return useQuery(downloadListQueryOptions(params));
}
