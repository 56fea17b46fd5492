import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetArchiveData } from '../../../lib/query-roots.ts';

/** `DELETE /api/video/{id}/`: the file, subtitles and rows (staff only). */
export function deleteVideo(id: string): Promise<void> {
  return apiRequest<void>(`/api/video/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteVideo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVideo(id),
    onSuccess: () => forgetArchiveData(queryClient),
  });
}
