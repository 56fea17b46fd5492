import { useSearchParams } from 'react-router';

/** The list page from `?page` (spec §2): a positive whole number, 1 when absent or invalid. */
export function usePageParam(): number {
  const [searchParams] = useSearchParams();
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
