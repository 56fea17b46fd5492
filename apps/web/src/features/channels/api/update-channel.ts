import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelOverwrites } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';
import { channelKeys } from './query-keys.ts';

export type OverwriteKey = keyof ChannelOverwrites;

/** The body of `POST /api/channel/{id}/`: a null overwrite resets that key to the app setting. */
export interface ChannelUpdate {
  channel_subscribed?: boolean;
  channel_overwrites?: { [K in OverwriteKey]?: ChannelOverwrites[K] | null };
}

export function updateChannel(id: string, update: ChannelUpdate): Promise<ChannelUpdate> {
  return apiRequest<ChannelUpdate>(`/api/channel/${encodeURIComponent(id)}/`, {
    method: 'POST',
    body: update,
  });
}

/** Subscribing or changing overwrites; staff only (the server answers 403 to others). */
export function useUpdateChannel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ChannelUpdate) => updateChannel(id, update),
    // Videos carry their channel (subscribed flag), so their cached copies are stale too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.all }),
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.videos }),
      ]),
  });
}
