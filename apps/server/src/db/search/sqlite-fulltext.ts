import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { GroupMatcher, rankBlock } from './cover-density.ts';
import { ftsExpression, pairPhrase } from './fts5-query.ts';
import { FULLTEXT_RANK_WINDOW, type PageSpec, type TermGroup } from './search-index.ts';
import { phraseFirstPage } from './phrase-first.ts';
import { WordFrequency } from './word-frequency.ts';

/**
 * A word in more rows than this (and in more than 1 % of them) is "common" ("the", "you"): it ranks the
 * rows but does not narrow them. Tests lower it to exercise that path on a small library.
 */
export const COMMON_WORD_ROWS = 50_000;

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
 *   index (subtitle lines): the pairs of even common words have short posting lists;
 * - then the other candidates: as Elasticsearch's cutoff_frequency does, common words rank but do not
 *   filter, so the rare words of a query find them (when every word is common, the rarest one does), ranked
 *   by the text itself, lines holding every query word first, closest together first (cover-density.ts).
 * Only FULLTEXT_RANK_WINDOW candidates are read and ranked at a time, in index order: a specific query has
 * fewer and is ranked whole; a broad one ("and the") would otherwise read millions of lines per page.
 */
export class SqliteFulltext {
  private readonly frequency: WordFrequency;

  constructor(
    private readonly db: Kysely<Database>,
    fts: string,
    rowSpan: RawBuilder<{ span: number | null }>,
    private readonly commonRows = COMMON_WORD_ROWS,
    private readonly hasPairs = false,
  ) {
    this.frequency = new WordFrequency(db, fts, rowSpan);
  }

  async rankedPage(candidates: Candidates, groups: TermGroup[], page: PageSpec): Promise<Ranked[]> {
    const matcher = new GroupMatcher(groups);
    const phrase = this.hasPairs ? pairPhrase(groups) : undefined;
    const pairs: FtsMatch | undefined = phrase ? { index: 'pairs', expression: phrase } : undefined;
    return phraseFirstPage<number>(
      {
        phrase: async (limit) => {
          if (!pairs) return undefined;
          const { rows } = await candidates(pairs, limit, 0, []).execute(this.db);
          return rankBlock(rows, matcher);
        },
        blocks: async (p, exclude, onlyPhrase) => {
          const match = onlyPhrase && pairs ? pairs : await this.narrowing(groups);
          return this.inBlocks(candidates, match, exclude, matcher, p);
        },
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
    const words = (g: TermGroup[]): FtsMatch => ({ index: 'words', expression: ftsExpression(g) });
    if (groups.length < 2) return words(groups);
    const rows = await Promise.all(groups.map((g) => this.frequency.estimate(ftsExpression([g]))));
    const common = (n: number) => n > this.commonRows && n > this.frequency.rowsInIndex() / 100;
    const rare = groups.filter((_, i) => !common(rows[i]!));
    if (rare.length > 0) return words(rare);
    return words([groups[rows.indexOf(Math.min(...rows))]!]);
  }
}
