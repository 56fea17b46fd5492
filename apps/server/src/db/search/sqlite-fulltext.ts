import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { GroupMatcher, rankBlock } from './cover-density.ts';
import { ftsExpression, pairTerms } from './fts5-query.ts';
import { COMMON_WORD_ROWS, FULLTEXT_RANK_WINDOW, type PageSpec, type TermGroup } from './search-index.ts';
import { phraseFirstPage } from './phrase-first.ts';
import { findingItems } from './term-groups.ts';
import { WordFrequency } from './word-frequency.ts';

export { COMMON_WORD_ROWS };

/** A MATCH on the words index, or on the word pairs index (migration 0009) for a phrase. */
export interface FtsMatch {
  index: 'words' | 'pairs';
  expression: string;
}

/** Rows matching, in index order, with their text; `exclude` leaves rows out by id. */
export type Candidates = (
  match: FtsMatch,
  limit: number,
  offset: number,
  exclude: number[],
) => RawBuilder<{ rid: number; text: string }>;

type Ranked = { rid: number; score: number };

/**
 * Full-text search over the big SQLite indexes (subtitle lines, comments), shaped by what FTS5 is fast and
 * slow at. Walking one posting list is cheap, but an AND with a word like "the" (in most of 10 million lines)
 * seeks through that word's postings for every candidate of the others: 10-20 ms for a query that finds a
 * dozen lines. So:
 * - the lines holding the query as a phrase come first (phrase-first.ts), found through the word pairs
 *   index (subtitle lines): the pairs of common words have far shorter posting lists than the words;
 * - then the other candidates: as Elasticsearch's cutoff_frequency does, common words rank but do not
 *   filter, so the rare words of a query find them (when every word is common, the rarest one does), ranked
 *   by the text itself, lines holding every query word first, closest together first (cover-density.ts).
 * Only FULLTEXT_RANK_WINDOW candidates are read and ranked at a time, in index order: a specific query has
 * fewer and is ranked whole; a broad one ("and the") would otherwise read millions of lines per page.
 */
export class SqliteFulltext {
  private readonly frequency: WordFrequency;
  private readonly pairFrequency: WordFrequency | undefined;

  /** `pairsFts`: the word pairs index of these rows, if they have one (subtitle lines). */
  constructor(
    private readonly db: Kysely<Database>,
    fts: string,
    rowSpan: RawBuilder<{ span: number | null }>,
    private readonly commonRows = COMMON_WORD_ROWS,
    pairsFts?: string,
  ) {
    this.frequency = new WordFrequency(db, fts, rowSpan);
    this.pairFrequency = pairsFts === undefined ? undefined : new WordFrequency(db, pairsFts, rowSpan);
  }

  async rankedPage(candidates: Candidates, groups: TermGroup[], page: PageSpec): Promise<Ranked[]> {
    const matcher = new GroupMatcher(groups);
    const pairs = this.pairFrequency && pairTerms(groups);
    return phraseFirstPage<number>(
      {
        phrase: async (limit) => {
          if (!pairs) return undefined;
          // the rarest pair finds the lines (one posting list, no seeking); the text tells which hold the phrase
          const expression = await this.rarestOne(pairs, this.pairFrequency!);
          const { rows } = await candidates({ index: 'pairs', expression }, limit, 0, []).execute(this.db);
          return rankBlock(
            rows.filter((row) => matcher.hasPhrase(row.text)),
            matcher,
          );
        },
        blocks: async (p, exclude) =>
          this.inBlocks(candidates, await this.narrowing(groups), exclude, matcher, p),
      },
      page,
    );
  }

  /** One page of the candidates of a match, ranked in blocks of FULLTEXT_RANK_WINDOW in index order. */
  private async inBlocks(
    candidates: Candidates,
    match: FtsMatch,
    exclude: number[],
    matcher: GroupMatcher,
    page: PageSpec,
  ): Promise<Ranked[]> {
    const window = FULLTEXT_RANK_WINDOW;
    const first = Math.floor(page.offset / window) * window;
    const blocks = Math.ceil((page.offset + page.limit - first) / window);
    const { rows } = await candidates(match, blocks * window, first, exclude).execute(this.db);
    const ranked: Ranked[] = [];
    for (let b = 0; b < blocks; b++)
      ranked.push(...rankBlock(rows.slice(b * window, (b + 1) * window), matcher));
    return ranked.slice(page.offset - first, page.offset - first + page.limit);
  }

  /** The words that find the candidates: the rare ones, or the rarest when every word is common. */
  private async narrowing(groups: TermGroup[]): Promise<FtsMatch> {
    const terms = groups.map((g) => ftsExpression([g]));
    return { index: 'words', expression: (await this.rarest(terms, this.frequency)).join(' AND ') };
  }

  /** The term in the fewest rows (a lone term is not looked up: most phrases typed have one complete pair). */
  private async rarestOne(terms: string[], frequency: WordFrequency): Promise<string> {
    if (terms.length === 1) return terms[0]!;
    const rows = await Promise.all(terms.map((t) => frequency.estimate(t)));
    return terms[rows.indexOf(Math.min(...rows))]!;
  }

  /** The terms in at most COMMON_WORD_ROWS rows (or 1 %), or the rarest one when all are in more. */
  private async rarest(terms: string[], frequency: WordFrequency): Promise<string[]> {
    if (terms.length < 2) return terms;
    const rows = await Promise.all(terms.map((t) => frequency.estimate(t)));
    return findingItems(terms, rows, frequency.rowsInIndex(), this.commonRows);
  }
}
