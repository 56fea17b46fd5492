import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { playlistKeys } from './query-keys.ts';

/** `POST /api/playlist/{id}/` {playlist_subscribed}: staff only. */
export function updatePlaylistSubscription(id: string, subscribed: boolean): Promise<unknown> {
  return apiRequest(`/api/playlist/${encodeURIComponent(id)}/`, {
    method: 'POST',
    body: { playlist_subscribed: subscribed },
  });
}

export function useUpdatePlaylistSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => updatePlaylistSubscription(id, subscribed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
