import { useMutation } from '@tanstack/react-query';
import type { ChannelSubscribeResponse, PlaylistSubscribeResponse } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export type SubscribeKind = 'channel' | 'playlist';

/** Entries of the subscribe form: one per line, empty lines dropped (spec §5: several lines, one batch). */
export function subscribeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * `POST /api/channel/` {data:[{channel_id, channel_subscribed:true}]} or `POST /api/playlist/`
 * {data:[{playlist_id, playlist_subscribed:true}]}; the answer carries the subscribe task's id.
 */
export async function subscribe(kind: SubscribeKind, text: string): Promise<string | undefined> {
  const lines = subscribeLines(text);
  if (kind === 'channel') {
    const data = lines.map((channel_id) => ({ channel_id, channel_subscribed: true }));
    return (await apiRequest<ChannelSubscribeResponse>('/api/channel/', { method: 'POST', body: { data } }))
      .task_id;
  }
  const data = lines.map((playlist_id) => ({ playlist_id, playlist_subscribed: true }));
  return (await apiRequest<PlaylistSubscribeResponse>('/api/playlist/', { method: 'POST', body: { data } }))
    .task_id;
}

export function useSubscribe(kind: SubscribeKind) {
  return useMutation({ mutationFn: (text: string) => subscribe(kind, text) });
}
