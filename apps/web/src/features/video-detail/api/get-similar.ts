import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { videoKeys } from '../../videos/index.ts';

export function getSimilarVideos(id: string, signal?: AbortSignal): Promise<Video[]> {
  return apiRequest<Video[]>(`/api/video/${encodeURIComponent(id)}/similar/`, { signal });
}

export const similarVideosQueryOptions = (id: string) =>
  queryOptions({ queryKey: videoKeys.similar(id), queryFn: ({ signal }) => getSimilarVideos(id, signal) });

export function useSimilarVideos(id: string) {
  return useQuery(similarVideosQueryOptions(id));
}
