import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { videoKeys } from './query-keys.ts';

export function getVideo(id: string, signal?: AbortSignal): Promise<Video> {
  return apiRequest<Video>(`/api/video/${encodeURIComponent(id)}/`, { signal });
}

export const videoQueryOptions = (id: string) =>
  queryOptions({ queryKey: videoKeys.detail(id), queryFn: ({ signal }) => getVideo(id, signal) });

/** One video; a 404 comes back as an ApiError with status 404 (the caller shows its not-found page). */
export function useVideo(id: string) {
  return useQuery(videoQueryOptions(id));
}
