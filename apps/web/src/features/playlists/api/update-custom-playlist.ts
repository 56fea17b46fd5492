import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';

/** Spec §7: membership (create, remove) and order (top, up, down, bottom) of a custom playlist. */
export type CustomPlaylistAction = 'create' | 'remove' | 'top' | 'up' | 'down' | 'bottom';

export interface CustomPlaylistChange {
  playlistId: string;
  action: CustomPlaylistAction;
  videoId: string;
}

export function updateCustomPlaylist({
  playlistId,
  action,
  videoId,
}: CustomPlaylistChange): Promise<unknown> {
  return apiRequest(`/api/playlist/custom/${encodeURIComponent(playlistId)}/`, {
    method: 'POST',
    body: { action, video_id: videoId },
  });
}

export function useUpdateCustomPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomPlaylist,
    // The playlist's entries and the video list in playlist order (and video.playlist) all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.playlists }),
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.videos }),
      ]),
  });
}
