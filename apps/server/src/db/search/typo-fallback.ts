import type { PageSpec, SearchResult, TermGroup, WordsSpec } from './search-index.ts';
import { allowedEdits } from './search-text.ts';

/** A prefix shorter than this would merge the postings of every word with that letter; matched as a word. */
export const MIN_PREFIX_LENGTH = 2;

/** One group per word; the last one a prefix when the query is typed as you go. */
export function exactGroups(spec: WordsSpec): TermGroup[] {
  return spec.words.map((word, i) => {
    const isPrefix = spec.prefixLast && i === spec.words.length - 1 && [...word].length >= MIN_PREFIX_LENGTH;
    return isPrefix ? { terms: [], prefix: word } : { terms: [word] };
  });
}

/** Runs a section query for some term groups (undefined: no term) and one page. */
export type SectionRunner<T> = (groups: TermGroup[] | undefined, page: PageSpec) => Promise<T[]>;
/** Words of the index within `distance` edits of `word` (not the word itself). */
export type NeighbourFinder = (word: string, distance: 1 | 2) => Promise<string[]>;

/**
 * Exact words first; only when they match nothing at all are words of five or more letters widened to the
 * index words one (or, with fuzzy:2, two) edits away. Correctly spelled queries so keep their precise
 * ranking and never pay for the typo lookup, and a typo still finds what it was meant to find.
 */
export async function searchWithTypos<T>(
  spec: WordsSpec | undefined,
  page: PageSpec,
  run: SectionRunner<T>,
  neighbours: NeighbourFinder,
): Promise<SearchResult<T>> {
  if (!spec) return { hits: await run(undefined, page), groups: [] };
  if (spec.words.length === 0) return { hits: [], groups: [] };
  const groups = exactGroups(spec);
  const hits = await run(groups, page);
  const widen = spec.words.map((word) => allowedEdits(word, spec.fuzzy));
  if (hits.length > 0 || widen.every((d) => d === 0)) return { hits, groups };
  if (page.offset > 0 && (await run(groups, { limit: 1, offset: 0 })).length > 0) return { hits, groups };

  let widened = false;
  const fuzzyGroups: TermGroup[] = [];
  for (const [i, group] of groups.entries()) {
    const distance = widen[i]!;
    if (distance === 0) {
      fuzzyGroups.push(group);
      continue;
    }
    const found = await neighbours(spec.words[i]!, distance);
    if (found.length > 0) widened = true;
    fuzzyGroups.push({ ...group, terms: [...group.terms, ...found] });
  }
  if (!widened) return { hits, groups };
  return { hits: await run(fuzzyGroups, page), groups: fuzzyGroups };
}
