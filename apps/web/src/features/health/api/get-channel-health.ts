import { useQuery } from '@tanstack/react-query';
import type { ChannelHealth, FailingChannels } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/channel/{id}/health/` (staff, issue 16): feed check, deep scan, push and last failure. */
export function getChannelHealth(channelId: string, signal?: AbortSignal): Promise<ChannelHealth> {
  return apiRequest<ChannelHealth>(`/api/channel/${encodeURIComponent(channelId)}/health/`, { signal });
}

export function useChannelHealth(channelId: string) {
  return useQuery({
    queryKey: ['health', 'channel', channelId],
    queryFn: ({ signal }) => getChannelHealth(channelId, signal),
  });
}

/** `GET /api/health/channels/` (staff): subscribed channels failing now, newest failure first. */
export function getFailingChannels(signal?: AbortSignal): Promise<FailingChannels> {
  return apiRequest<FailingChannels>('/api/health/channels/', { signal });
}

export function useFailingChannels() {
  return useQuery({ queryKey: ['health', 'channels'], queryFn: ({ signal }) => getFailingChannels(signal) });
}
