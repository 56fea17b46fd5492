import type { PageSpec, SearchResult, TermGroup, WordsSpec } from './search-index.ts';
import { MIN_FUZZY_LENGTH } from './search-text.ts';

/** A prefix shorter than this would merge the postings of every word with that letter; matched as a word. */
export const MIN_PREFIX_LENGTH = 2;
/** The longest prefix with its own index entries (FTS5 `prefix='2 3'`). */
export const INDEXED_PREFIX_LENGTH = 3;

/** One group per word; the last one a prefix when the query is typed as you go. */
export function exactGroups(spec: WordsSpec): TermGroup[] {
  return spec.words.map((word, i) => {
    const isPrefix = spec.prefixLast && i === spec.words.length - 1 && [...word].length >= MIN_PREFIX_LENGTH;
    return isPrefix ? { terms: [], prefix: word } : { terms: [word] };
  });
}

/**
 * The words of a query whose neighbouring pairs find its phrase in a word pairs index (SQLite migration
 * 0009, PostgreSQL 0036): "you know what" → you, know, what. The pairs indexes have no prefix lookup, and a
 * prefix merges every posting list it matches ("the_yo*": "the_you", "the_your", … a million postings), so a
 * word still being typed makes no pair, unless it is the only second word ("the yo" → the, yo: the word as
 * typed). Undefined for one word or a word widened to typo variants (a phrase has one spelling per word).
 */
export function pairWords(groups: TermGroup[]): string[] | undefined {
  if (groups.length < 2) return undefined;
  const words: string[] = [];
  for (const [i, g] of groups.entries()) {
    const last = i === groups.length - 1;
    if (g.terms.length === 1 && !g.prefix) words.push(g.terms[0]!);
    else if (last && g.terms.length === 0 && g.prefix) words.push(g.prefix);
    else return undefined;
  }
  return groups.at(-1)!.prefix && words.length > 2 ? words.slice(0, -1) : words;
}

/**
 * The items (words, terms) that find the rows of a query: those in at most `commonRows` rows or 1 % of the
 * index (a common word ranks the rows but does not find them), or the rarest one when every item is common.
 * `rows[i]` is how many rows item i is in.
 */
export function findingItems<T>(items: T[], rows: number[], indexRows: number, commonRows: number): T[] {
  const rare = items.filter((_, i) => !(rows[i]! > commonRows && rows[i]! > indexRows / 100));
  return rare.length > 0 ? rare : [items[rows.indexOf(Math.min(...rows))]!];
}

/** Runs a section query for some term groups (undefined: no term) and one page. */
export type SectionRunner<T> = (groups: TermGroup[] | undefined, page: PageSpec) => Promise<T[]>;
/** Words of the index within `distance` edits of `word` (not the word itself). */
export type NeighbourFinder = (word: string, distance: 1 | 2) => Promise<string[]>;

/**
 * Runs a section for its words: exactly, or with `typos` set, each word of five or more letters widened
 * to the index words that many edits away. A widening that finds no such word cannot match more than the
 * exact query did, so it is not run.
 */
export async function runWords<T>(
  spec: WordsSpec | undefined,
  page: PageSpec,
  run: SectionRunner<T>,
  neighbours: NeighbourFinder,
  isIndexedWord?: (word: string) => Promise<boolean>,
): Promise<SearchResult<T>> {
  if (!spec) return { hits: await run(undefined, page), groups: [] };
  if (spec.words.length === 0) return { hits: [], groups: [] };
  const last = spec.words.at(-1)!;
  // In the big full-text indexes a prefix longer than the indexed prefixes that is itself a common word
  // ("like") merges the postings of every word it starts: a word the index knows is taken as typed.
  if (
    isIndexedWord &&
    spec.prefixLast &&
    [...last].length > INDEXED_PREFIX_LENGTH &&
    (await isIndexedWord(last))
  ) {
    spec = { ...spec, prefixLast: false };
  }
  const groups = exactGroups(spec);
  if (spec.typos === 0) return { hits: await run(groups, page), groups };
  let widened = false;
  const fuzzyGroups: TermGroup[] = [];
  for (const [i, group] of groups.entries()) {
    const word = spec.words[i]!;
    const found = [...word].length >= MIN_FUZZY_LENGTH ? await neighbours(word, spec.typos) : [];
    if (found.length > 0) widened = true;
    fuzzyGroups.push({ ...group, terms: [...group.terms, ...found] });
  }
  if (!widened) return { hits: [], groups };
  return { hits: await run(fuzzyGroups, page), groups: fuzzyGroups };
}
