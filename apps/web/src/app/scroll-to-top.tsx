import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** Spec §2: the page scrolls to the top when the path or the `page` query parameter changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const page = searchParams.get('page');

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, page]);

  return null;
}
