import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistNavItem } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { videoKeys } from '../../videos/index.ts';

/** Previous and next video in each playlist containing the video (upstream §1.4). */
export function getVideoNav(id: string, signal?: AbortSignal): Promise<PlaylistNavItem[]> {
  return apiRequest<PlaylistNavItem[]>(`/api/video/${encodeURIComponent(id)}/nav/`, { signal });
}

export const videoNavQueryOptions = (id: string) =>
  queryOptions({ queryKey: videoKeys.nav(id), queryFn: ({ signal }) => getVideoNav(id, signal) });

export function useVideoNav(id: string) {
  return useQuery(videoNavQueryOptions(id));
}
