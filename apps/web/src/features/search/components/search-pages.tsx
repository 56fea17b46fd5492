import { Link, useSearchParams } from 'react-router';

function pageLink(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  next.delete('videoId');
  return `?${next.toString()}`;
}

/**
 * Paging through the hits with `?page=` (the API pages every section at once and sends no totals, so
 * there is a next page while any section came back full).
 */
export function SearchPages({ page, hasMore }: { page: number; hasMore: boolean }) {
  const [searchParams] = useSearchParams();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label="Search result pages">
      {page > 1 && (
        <Link className="pagination-item" to={pageLink(searchParams, page - 1)}>
          Previous results
        </Link>
      )}
      <span className="pagination-current" aria-current="page">
        Page {page}
      </span>
      {hasMore && (
        <Link className="pagination-item" to={pageLink(searchParams, page + 1)}>
          More results
        </Link>
      )}
    </nav>
  );
}
