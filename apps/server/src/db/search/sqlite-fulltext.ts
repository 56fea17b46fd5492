import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { GroupMatcher, rankBlock } from './cover-density.ts';
import { ftsExpression } from './fts5-query.ts';
import { FULLTEXT_RANK_WINDOW, type PageSpec, type TermGroup } from './search-index.ts';
import { WordFrequency } from './word-frequency.ts';

/**
 * A word in more rows than this (and in more than 1 % of them) is "common" ("the", "you"): it ranks the
 * rows but does not narrow them. Tests lower it to exercise that path on a small library.
 */
export const COMMON_WORD_ROWS = 50_000;

export type Candidates = (
  match: string,
  limit: number,
  offset: number,
) => RawBuilder<{ rid: number; text: string }>;

/**
 * Full-text search over the big SQLite indexes (subtitle lines, comments), shaped by what FTS5 is fast and
 * slow at. Walking one posting list is cheap, but an AND with a word like "the" (in most of 10 million lines)
 * seeks through that word's postings for every candidate of the others: 10-20 ms for a query that finds a
 * dozen lines. So, as Elasticsearch's cutoff_frequency does, common words rank but do not filter: the rare
 * words of a query find the candidates (when every word is common, the rarest one does), and the candidates
 * are ranked by the text itself, lines holding every query word first, closest together first
 * (cover-density.ts).
 *
 * Only FULLTEXT_RANK_WINDOW candidates are read and ranked at a time: the candidates are taken in index order
 * in blocks of that size, each block ranked on its own. A specific query has fewer candidates than a block,
 * so it is ranked whole; a broad one ("and the") would otherwise read millions of lines per page. Pages are
 * slices of that order, so paging never repeats or skips a hit.
 */
export class SqliteFulltext {
  private readonly frequency: WordFrequency;

  constructor(
    private readonly db: Kysely<Database>,
    fts: string,
    rowSpan: RawBuilder<{ span: number | null }>,
    private readonly commonRows = COMMON_WORD_ROWS,
  ) {
    this.frequency = new WordFrequency(db, fts, rowSpan);
  }

  async rankedPage(candidates: Candidates, groups: TermGroup[], page: PageSpec) {
    const match = ftsExpression(await this.narrowing(groups));
    const matcher = new GroupMatcher(groups);
    const window = FULLTEXT_RANK_WINDOW;
    const first = Math.floor(page.offset / window) * window;
    const blocks = Math.ceil((page.offset + page.limit - first) / window);
    const { rows } = await candidates(match, blocks * window, first).execute(this.db);
    const ranked = [];
    for (let b = 0; b < blocks; b++)
      ranked.push(...rankBlock(rows.slice(b * window, (b + 1) * window), matcher));
    return ranked.slice(page.offset - first, page.offset - first + page.limit);
  }

  /** The groups that find the candidates: the rare ones, or the rarest when every group is common. */
  private async narrowing(groups: TermGroup[]): Promise<TermGroup[]> {
    if (groups.length < 2) return groups;
    const rows = await Promise.all(groups.map((g) => this.frequency.estimate(ftsExpression([g]))));
    const common = (n: number) => n > this.commonRows && n > this.frequency.rowsInIndex() / 100;
    const rare = groups.filter((_, i) => !common(rows[i]!));
    if (rare.length > 0) return rare;
    const rarest = rows.indexOf(Math.min(...rows));
    return [groups[rarest]!];
  }
}
