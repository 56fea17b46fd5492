import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetArchiveData } from '../../../lib/query-roots.ts';

/** `DELETE /api/channel/{id}/`: the channel with all its videos, files and playlists. */
export function deleteChannel(id: string): Promise<void> {
  return apiRequest<void>(`/api/channel/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteChannel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChannel(id),
    onSuccess: () => forgetArchiveData(queryClient),
  });
}
