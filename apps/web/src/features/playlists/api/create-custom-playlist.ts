import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { playlistKeys } from './query-keys.ts';

/** `POST /api/playlist/custom/`: a new, empty custom playlist. */
export function createCustomPlaylist(name: string): Promise<Playlist> {
  return apiRequest<Playlist>('/api/playlist/custom/', { method: 'POST', body: { playlist_name: name } });
}

export function useCreateCustomPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
