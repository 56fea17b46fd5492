import type { Paginate } from '@tubekeeper/contract';

/** Where a page starts: pages 0 and 1 are both the first page (upstream §1.2). */
export const pageFrom = (page: number, pageSize: number) => (page > 1 ? (page - 1) * pageSize : 0);

/**
 * The pagination object of upstream §1.2 with a real total: `prev_pages` are up to five pages before
 * the current one (never page 1), `next_pages` up to five after it (never the last, which is `last_page`).
 */
export function paginate(page: number, pageSize: number, params: string, totalHits: number): Paginate {
  const maxPages = Math.ceil(totalHits / pageSize);
  const prevPages = page > 1 ? range(Math.max(2, page - 5), page - 1) : null;
  const nextPages = range(page + 1, page + 5).filter((i) => i > 1 && i < maxPages);
  return {
    page_size: pageSize,
    page_from: pageFrom(page, pageSize),
    prev_pages: prevPages,
    current_page: page,
    max_hits: false,
    params,
    last_page: page < maxPages && maxPages > 1 ? maxPages : false,
    next_pages: nextPages,
    total_hits: totalHits,
  };
}

/** The request's query string without `page`, as the client needs it to build page links. */
export function paramsWithoutPage(url: string): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const params = new URLSearchParams(query);
  params.delete('page');
  return params.toString();
}

const range = (from: number, to: number) =>
  from > to ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
