import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playlist } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { playlistKeys } from './query-keys.ts';

export function getPlaylist(id: string, signal?: AbortSignal): Promise<Playlist> {
  return apiRequest<Playlist>(`/api/playlist/${encodeURIComponent(id)}/`, { signal });
}

export const playlistQueryOptions = (id: string) =>
  queryOptions({ queryKey: playlistKeys.detail(id), queryFn: ({ signal }) => getPlaylist(id, signal) });

export function usePlaylist(id: string) {
  return useQuery(playlistQueryOptions(id));
}
