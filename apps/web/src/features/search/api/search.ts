import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Hits per section and page when no page_size is sent (the contract's SEARCH_PAGE_SIZE). */
export const SEARCH_PAGE_SIZE = 30;

export const searchKeys = {
  all: ['search'] as const,
  results: (query: string, page: number) => [...searchKeys.all, query, page] as const,
};

/**
 * `GET /api/search/?query=&page=`. The query goes as typed, trailing space included: the server treats
 * the last word as a prefix only while it is still being typed.
 */
export function searchArchive(query: string, page: number, signal?: AbortSignal): Promise<SearchResponse> {
  const params = new URLSearchParams({ query });
  if (page > 1) params.set('page', String(page));
  return apiRequest<SearchResponse>(`/api/search/?${params.toString()}`, { signal });
}

export const searchQueryOptions = (query: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.results(query, page),
    queryFn: ({ signal }) => searchArchive(query, page, signal),
    enabled: query.trim() !== '',
    // While the next query runs, the last results stay on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useSearch(query: string, page: number) {
  return useQuery(searchQueryOptions(query, page));
}
