import type { Paginate } from '@tubekeeper/contract';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isShortcutFree } from '../../lib/keyboard.ts';
import { usePageParam } from '../../lib/use-page-param.ts';

/** The last page number of a list (upstream §1.2: pages count from 1; 0 and 1 both mean the first). */
export function lastPageOf(paginate: Pick<Paginate, 'total_hits' | 'page_size' | 'max_hits'>): number {
  const pages = Math.max(1, Math.ceil(paginate.total_hits / Math.max(1, paginate.page_size)));
  return paginate.max_hits ? Math.max(1, pages - 1) : pages;
}

/** The page the arrow keys lead to, or null at either end. */
export function pageAfterKey(key: string, current: number, last: number): number | null {
  const page = Math.max(1, current);
  if (key === 'ArrowRight') return page < last ? page + 1 : null;
  if (key === 'ArrowLeft') return page > 1 ? page - 1 : null;
  return null;
}

/** The current search parameters with `page` set (page 1 drops it, so the first page has one URL). */
function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  next.delete('videoId');
  const query = next.toString();
  return query ? `?${query}` : '?';
}

/**
 * Page links kept in sync with `?page` (spec §2), plus the Left and Right arrow keys. A player on the
 * page claims the arrow keys first (it calls preventDefault), so seeking never turns the page.
 */
export function Pagination({ paginate }: { paginate: Paginate }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // The URL is the truth for the keys: while the next page loads, the shown data is the previous one.
  const current = usePageParam();
  const last = lastPageOf(paginate);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcutFree(event)) return;
      const page = pageAfterKey(event.key, current, last);
      if (page === null) return;
      event.preventDefault();
      void navigate(withPage(searchParams, page));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, last, navigate, searchParams]);

  if (last <= 1) return null;
  const link = (page: number, label: string | number = page) => (
    <Link key={`${label}`} className="pagination-item" to={withPage(searchParams, page)}>
      {label}
    </Link>
  );
  return (
    <nav className="pagination" aria-label="Pagination">
      {current > 1 && link(1, 'First')}
      {paginate.prev_pages?.map((page) => link(page))}
      <span className="pagination-current" aria-current="page">
        Page {current}
      </span>
      {paginate.next_pages.map((page) => link(page))}
      {paginate.last_page !== false &&
        link(
          paginate.last_page,
          paginate.max_hits ? `Max (${paginate.last_page})` : `Last (${paginate.last_page})`,
        )}
    </nav>
  );
}
