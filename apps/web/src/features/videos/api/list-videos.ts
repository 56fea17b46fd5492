import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList, VideoListQuery } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { previousPageOf } from '../../../lib/paged-placeholder.ts';
import { videoKeys } from './query-keys.ts';

/** `GET /api/video/` with the filters, sort and page of spec §7 (unset keys are left out). */
export function listVideos(query: VideoListQuery, signal?: AbortSignal): Promise<VideoList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return apiRequest<VideoList>(`/api/video/${search ? `?${search}` : ''}`, { signal });
}

export const videoListQueryOptions = (query: VideoListQuery) =>
  queryOptions({
    queryKey: videoKeys.list(query),
    queryFn: ({ signal }) => listVideos(query, signal),
    placeholderData: (previous, previousQuery) => previousPageOf(previous, previousQuery?.queryKey[2], query),
  });

export function useVideoList(query: VideoListQuery) {
  return useQuery(videoListQueryOptions(query));
}
