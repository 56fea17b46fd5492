import type { VideoListQuery } from '@tubekeeper/contract';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';

/**
 * Keys of everything cached about videos. Watch state and deletions change many lists at once, so
 * writers invalidate `videoKeys.all` rather than guessing which lists show the video.
 */
export const videoKeys = {
  all: QUERY_ROOTS.videos,
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (query: VideoListQuery) => [...videoKeys.lists(), query] as const,
  detail: (id: string) => [...videoKeys.all, 'detail', id] as const,
  similar: (id: string) => [...videoKeys.all, 'similar', id] as const,
  comments: (id: string) => [...videoKeys.all, 'comments', id] as const,
  nav: (id: string) => [...videoKeys.all, 'nav', id] as const,
};
