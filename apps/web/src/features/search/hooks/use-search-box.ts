import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Spec §5 and §9: the query is sent 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Still typing the same query (one is a prefix of the other): no new history entry per letter. */
const refines = (previous: string, next: string) =>
  previous !== '' && (next.startsWith(previous) || previous.startsWith(next));

/**
 * The query box kept in the URL (`?query=`). The box answers every keystroke; the URL, and so the
 * request, follows 300 ms after typing stops. A URL change from elsewhere (back/forward, an example, a
 * link) fills the box. Refining a query replaces the history entry, a different query adds one, so
 * Back returns to the previous search rather than to each letter typed.
 */
export function useSearchBox() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('query') ?? '';
  const [text, setText] = useState(urlQuery);
  // What this box last wrote to the URL: a URL that differs from it was changed by someone else.
  const written = useRef(urlQuery);
  // setSearchParams changes with every URL; through a ref, a URL change never restarts the debounce.
  const setParams = useRef(setSearchParams);
  useEffect(() => {
    setParams.current = setSearchParams;
  }, [setSearchParams]);

  const commit = useCallback((query: string) => {
    const previous = written.current;
    written.current = query;
    setParams.current(
      (params) => {
        const next = new URLSearchParams(params);
        if (query) next.set('query', query);
        else next.delete('query');
        // a new query starts at its first page, without a player open from the last results
        next.delete('page');
        next.delete('videoId');
        return next;
      },
      { replace: refines(previous, query) },
    );
  }, []);

  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, commit]);

  /** Fill the box and search at once (an example query was picked). */
  const searchNow = useCallback(
    (query: string) => {
      setText(query);
      commit(query);
    },
    [commit],
  );

  return { text, setText, query: urlQuery, searchNow };
}
