// a list query: its filters and sort, plus the page
type Paged = { page?: number | undefined; [filter: string]: unknown };

/** Two list queries that differ at most in the page: the same list, another page of it. */
export function samePagedList(a: Paged, b: Paged): boolean {
  const { page: _a, ...restA } = a;
  const { page: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/**
 * The placeholder of a paged list while its next answer loads: turning a page keeps the old page on
 * screen until the new one is there (no spinner flash), while another list (a channel's streams after
 * its videos, another filter) never shows the previous one's items. `previousList` is the previous
 * query object (the third part of the list keys).
 */
export function previousPageOf<T>(
  previous: T | undefined,
  previousList: unknown,
  query: Paged,
): T | undefined {
  if (!previousList || typeof previousList !== 'object') return undefined;
  return samePagedList(previousList as Paged, query) ? previous : undefined;
}
