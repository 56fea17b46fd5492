import type { CustomPlaylistAction } from '@tubekeeper/contract';
import type { OrderedEntry } from '../repositories/playlist-edit.repository.ts';

/**
 * The new order of a custom playlist after one action (upstream §1.6). `up` and `down` move past the
 * neighbours the user does not see when watched videos are hidden, so each click visibly moves the video.
 */
export function reorder(
  entries: OrderedEntry[],
  action: Exclude<CustomPlaylistAction, 'create'>,
  videoId: string,
  skipWatched: boolean,
): OrderedEntry[] {
  const from = entries.findIndex((entry) => entry.youtube_id === videoId);
  if (action === 'remove') return entries.filter((entry) => entry.youtube_id !== videoId);
  if (from === -1) return entries;
  const moving = entries[from]!;
  const rest = entries.filter((_, index) => index !== from);
  const insertAt = targetIndex(entries, from, action, skipWatched);
  return [...rest.slice(0, insertAt), moving, ...rest.slice(insertAt)];
}

/** Where the entry goes in the list without it. */
function targetIndex(
  entries: OrderedEntry[],
  from: number,
  action: 'top' | 'up' | 'down' | 'bottom',
  skipWatched: boolean,
): number {
  const visible = (index: number) => !skipWatched || entries[index]!.watched !== 1;
  if (action === 'top') return 0;
  if (action === 'bottom') return entries.length - 1;
  if (action === 'up') {
    let target = from - 1;
    while (target > 0 && !visible(target)) target -= 1;
    return Math.max(0, target);
  }
  let target = from + 1;
  while (target < entries.length - 1 && !visible(target)) target += 1;
  // in the list without the moving entry, the one after `target` sits at index `target`
  return Math.min(entries.length - 1, target);
}
