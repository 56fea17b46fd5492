import type { QueryClient } from '@tanstack/react-query';

/**
 * The top-level query keys of the archive data. Writes often change several features' data at once
 * (deleting a channel removes videos and playlists), so writers invalidate by these roots without
 * reaching into another feature's key factory.
 */
export const QUERY_ROOTS = {
  videos: ['videos'] as const,
  channels: ['channels'] as const,
  playlists: ['playlists'] as const,
};

/**
 * After a delete: every cached archive answer may name what is gone. Answers no page shows are dropped
 * (the next page fetches afresh); the ones on screen are only marked stale, so the page being left
 * does not refetch and flash a not-found state before the navigation away.
 */
export function forgetArchiveData(queryClient: QueryClient): void {
  for (const queryKey of Object.values(QUERY_ROOTS)) {
    queryClient.removeQueries({ queryKey, type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}
