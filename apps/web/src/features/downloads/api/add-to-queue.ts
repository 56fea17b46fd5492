import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadTaskStarted } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadKeys } from './query-keys.ts';

export interface AddToQueue {
  /** the textarea's text: one id or URL per line, not checked here (spec §5) */
  text: string;
  /** Download now: queue with auto_start and start downloading */
  autostart: boolean;
}

/** Lines of the queue form, split on line breaks, empty ones dropped. */
export function queueLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** `POST /api/download/?autostart=true` {data:[{youtube_id, status:"pending"}]}; answers the task id. */
export function addToQueue({ text, autostart }: AddToQueue): Promise<DownloadTaskStarted> {
  const data = queueLines(text).map((youtube_id) => ({ youtube_id, status: 'pending' as const }));
  return apiRequest<DownloadTaskStarted>(`/api/download/${autostart ? '?autostart=true' : ''}`, {
    method: 'POST',
    body: { data },
  });
}

export function useAddToQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToQueue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}
