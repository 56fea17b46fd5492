import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadItemUpdate } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadKeys } from './query-keys.ts';

export type DownloadAction = { id: string } & (
  | { status: DownloadItemUpdate['status'] }
  /** Forget (ignored view) and Delete (an item with an error message) */
  | { status: 'delete' }
);

/** `POST /api/download/{id}/` {status}, or `DELETE /api/download/{id}/`. */
export function updateDownload(action: DownloadAction): Promise<unknown> {
  const path = `/api/download/${encodeURIComponent(action.id)}/`;
  if (action.status === 'delete') return apiRequest(path, { method: 'DELETE' });
  return apiRequest(path, { method: 'POST', body: { status: action.status } });
}

export function useUpdateDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDownload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}
