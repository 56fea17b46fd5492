import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetArchiveData } from '../../../lib/query-roots.ts';

/**
 * `DELETE /api/playlist/{id}/`: "Delete metadata" removes the playlist only; "Delete all" also deletes
 * its videos and their files (`delete-videos=true`).
 */
export function deletePlaylist(id: string, deleteVideos: boolean): Promise<void> {
  const query = deleteVideos ? '?delete-videos=true' : '';
  return apiRequest<void>(`/api/playlist/${encodeURIComponent(id)}/${query}`, { method: 'DELETE' });
}

export function useDeletePlaylist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deleteVideos: boolean) => deletePlaylist(id, deleteVideos),
    onSuccess: () => forgetArchiveData(queryClient),
  });
}
