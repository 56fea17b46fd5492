import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistList, PlaylistListQuery } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { previousPageOf } from '../../../lib/paged-placeholder.ts';
import { playlistKeys } from './query-keys.ts';

/** `GET /api/playlist/` with channel, subscribed, type and page (spec §7). */
export function listPlaylists(query: PlaylistListQuery, signal?: AbortSignal): Promise<PlaylistList> {
  const params = new URLSearchParams();
  if (query.channel) params.set('channel', query.channel);
  if (query.subscribed !== undefined) params.set('subscribed', String(query.subscribed));
  if (query.type) params.set('type', query.type);
  if (query.page) params.set('page', String(query.page));
  const search = params.toString();
  return apiRequest<PlaylistList>(`/api/playlist/${search ? `?${search}` : ''}`, { signal });
}

export const playlistListQueryOptions = (query: PlaylistListQuery) =>
  queryOptions({
    queryKey: playlistKeys.list(query),
    queryFn: ({ signal }) => listPlaylists(query, signal),
    placeholderData: (previous, previousQuery) => previousPageOf(previous, previousQuery?.queryKey[2], query),
  });

export function usePlaylistList(query: PlaylistListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...playlistListQueryOptions(query), enabled: options.enabled ?? true });
}
