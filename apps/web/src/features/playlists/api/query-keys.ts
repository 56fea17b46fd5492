import type { PlaylistListQuery } from '@tubekeeper/contract';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';

export const playlistKeys = {
  all: QUERY_ROOTS.playlists,
  list: (query: PlaylistListQuery) => [...playlistKeys.all, 'list', query] as const,
  detail: (id: string) => [...playlistKeys.all, 'detail', id] as const,
};
