import { useQuery } from '@tanstack/react-query';
import type { FailingPlaylists, PlaylistHealth } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/playlist/{id}/health/` (staff, issue 16): feed check, deep scan, their errors, last failure. */
export function getPlaylistHealth(playlistId: string, signal?: AbortSignal): Promise<PlaylistHealth> {
  return apiRequest<PlaylistHealth>(`/api/playlist/${encodeURIComponent(playlistId)}/health/`, { signal });
}

export function usePlaylistHealth(playlistId: string) {
  return useQuery({
    queryKey: ['health', 'playlist', playlistId],
    queryFn: ({ signal }) => getPlaylistHealth(playlistId, signal),
  });
}

/** `GET /api/health/playlists/` (staff): subscribed playlists failing now, newest failure first. */
export function getFailingPlaylists(signal?: AbortSignal): Promise<FailingPlaylists> {
  return apiRequest<FailingPlaylists>('/api/health/playlists/', { signal });
}

export function useFailingPlaylists() {
  return useQuery({
    queryKey: ['health', 'playlists'],
    queryFn: ({ signal }) => getFailingPlaylists(signal),
  });
}
