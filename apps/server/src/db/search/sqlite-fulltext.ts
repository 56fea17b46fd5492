import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { GroupMatcher, rankPage } from './cover-density.ts';
import { ftsExpression } from './fts5-query.ts';
import { FULLTEXT_RANK_WINDOW, type PageSpec, type TermGroup } from './search-index.ts';

/** A word in more rows than this is "common" ("the", "you"): it is checked in the text, not by FTS5. */
export const COMMON_WORD_ROWS = 200_000;
/** Up to this many rows matching the other words are read and checked for the common ones in the text. */
const NARROW_ROWS = 4_000;
const COMMON_CACHE_MS = 10 * 60_000;

export type Candidates = (match: string, limit: number) => RawBuilder<{ rid: number; text: string }>;

/**
 * Full-text ranking for the big SQLite indexes (subtitle lines, comments). FTS5 intersects an AND query by
 * stepping through every posting of every word, so `"rare" AND "the"` walks all of "the" (most lines):
 * ~100 ms at 10 million lines. When the other words narrow the search to a few thousand rows, the common
 * words are left out of the MATCH and checked in the text of those rows, which ranking reads anyway.
 */
export class SqliteFulltext {
  private common = new Map<string, boolean>();
  private commonSince = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly commonRows = COMMON_WORD_ROWS,
  ) {}

  async rankedPage(fts: string, candidates: Candidates, groups: TermGroup[], page: PageSpec) {
    const flags = await Promise.all(groups.map((g) => this.isCommon(fts, g)));
    const rare = groups.filter((_, i) => !flags[i]);
    let rows: { rid: number; text: string }[];
    if (rare.length > 0 && rare.length < groups.length && !(await this.hasRows(fts, rare, NARROW_ROWS))) {
      const check = new GroupMatcher(groups.filter((_, i) => flags[i]));
      rows = (await candidates(ftsExpression(rare), NARROW_ROWS).execute(this.db)).rows;
      rows = rows.filter((row) => check.containsAll(row.text)).slice(0, FULLTEXT_RANK_WINDOW);
    } else {
      rows = (await candidates(ftsExpression(groups), FULLTEXT_RANK_WINDOW).execute(this.db)).rows;
    }
    return rankPage(rows, new GroupMatcher(groups), page);
  }

  /** Whether more than `count` rows match: one bounded step through the postings. */
  private async hasRows(fts: string, groups: TermGroup[], count: number): Promise<boolean> {
    const table = sql.raw(fts);
    const found = await sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${ftsExpression(groups)}
      LIMIT 1 OFFSET ${count}`.execute(this.db);
    return found.rows.length > 0;
  }

  /** Whether a word (or prefix) is in more than `commonRows` rows: one bounded step through its postings. */
  private async isCommon(fts: string, group: TermGroup): Promise<boolean> {
    if (Date.now() - this.commonSince > COMMON_CACHE_MS) {
      this.common.clear();
      this.commonSince = Date.now();
    }
    const expression = ftsExpression([group]);
    const key = `${fts}\u0000${expression}`;
    const known = this.common.get(key);
    if (known !== undefined) return known;
    const common = await this.hasRows(fts, [group], this.commonRows);
    if (this.common.size < 10_000) this.common.set(key, common);
    return common;
  }
}
