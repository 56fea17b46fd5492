import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ReindexKind = 'video' | 'channel' | 'playlist';

export interface ReindexRequest {
  kind: ReindexKind;
  id: string;
  /** also re-fetch every video of the channel or playlist (`extract_videos=true`) */
  videos?: boolean;
}

/** `POST /api/refresh/` (staff only): queues the item for the check_reindex task (spec §7). */
export function startReindex({ kind, id, videos = false }: ReindexRequest): Promise<unknown> {
  return apiRequest(`/api/refresh/${videos ? '?extract_videos=true' : ''}`, {
    method: 'POST',
    body: { [kind]: [id] },
  });
}

export function useStartReindex() {
  return useMutation({ mutationFn: startReindex });
}
