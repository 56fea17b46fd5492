import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { videoKeys } from './query-keys.ts';

export interface WatchedChange {
  /** a video, channel or playlist id: the server marks every video it names */
  id: string;
  is_watched: boolean;
}

/** `POST /api/watched/`: marking watched also clears the caller's saved position (spec §4). */
export function updateWatched(change: WatchedChange): Promise<WatchedChange> {
  return apiRequest<WatchedChange>('/api/watched/', { method: 'POST', body: change });
}

export function useUpdateWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWatched,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
