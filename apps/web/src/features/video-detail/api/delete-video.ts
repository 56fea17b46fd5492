import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetArchiveData } from '../../../lib/query-roots.ts';
import { ignoreVideo } from './ignore-video.ts';

/** `DELETE /api/video/{id}/`: the file, subtitles and rows (staff only). */
export function deleteVideo(id: string): Promise<void> {
  return apiRequest<void>(`/api/video/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

/** Delete, or "Delete and Ignore": delete, then keep it from coming back (spec §4). */
export function useDeleteVideo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (andIgnore: boolean) => {
      await deleteVideo(id);
      if (andIgnore) await ignoreVideo(id);
    },
    onSuccess: () => forgetArchiveData(queryClient),
  });
}
