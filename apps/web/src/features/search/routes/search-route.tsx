import type { SearchResponse } from '@tubekeeper/contract';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { PlayerOverlay } from '../../player/index.ts';
import { SEARCH_PAGE_SIZE, useSearch } from '../api/search.ts';
import { SearchBox } from '../components/search-box.tsx';
import { SearchHelp } from '../components/search-help.tsx';
import { SearchPages } from '../components/search-pages.tsx';
import { SearchResults } from '../components/search-results.tsx';
import { useSearchBox } from '../hooks/use-search-box.ts';
import '../search.css';

interface OutcomeProps {
  answer: SearchResponse;
  page: number;
  onExample: (query: string) => void;
}

/** The hits, or what to say when there are none (spec §2, §8: "No fulltext results found."). */
function SearchOutcome({ answer, page, onExample }: OutcomeProps) {
  const sections = Object.values(answer.results);
  const total = sections.reduce((sum, hits) => sum + hits.length, 0);
  if (total > 0) {
    const hasMore = sections.some((hits) => hits.length >= SEARCH_PAGE_SIZE);
    return (
      <>
        <SearchResults results={answer.results} />
        <SearchPages page={page} hasMore={hasMore} />
      </>
    );
  }
  if (page > 1) {
    return (
      <>
        <p className="search-empty">No more results.</p>
        <SearchPages page={page} hasMore={false} />
      </>
    );
  }
  return (
    <>
      <p className="search-empty">
        {answer.queryType === 'full' ? 'No fulltext results found.' : 'No results found.'}
      </p>
      <SearchHelp onExample={onExample} />
    </>
  );
}

/**
 * Spec §2 Search: the query box (debounced, kept in `?query=`), the result sections, and examples with
 * the keyword cheatsheet while there is no query. `?videoId=` plays a video hit in place.
 */
export function SearchRoute() {
  const { text, setText, query, searchNow } = useSearchBox();
  const page = usePageParam();
  const search = useSearch(query, page);
  const active = query.trim() !== '';

  return (
    <div className="search-page">
      <h1>Search</h1>
      <SearchBox value={text} onChange={setText} onSubmit={searchNow} />
      <PlayerOverlay />
      {!active && <SearchHelp onExample={searchNow} />}
      {active && search.isPending && <Spinner label="Searching" />}
      {active && search.isError && <ErrorText>{errorMessage(search.error)}</ErrorText>}
      {active && search.data && !search.isError && (
        <div className="search-results" aria-busy={search.isFetching}>
          <SearchOutcome answer={search.data} page={page} onExample={searchNow} />
        </div>
      )}
    </div>
  );
}
