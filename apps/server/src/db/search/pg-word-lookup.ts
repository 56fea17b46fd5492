import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';
import type { PostgresWordFrequency } from './pg-word-frequency.ts';
import { editVariants } from './search-text.ts';
import { toTsquery, tsqueryExpression } from './tsquery.ts';

type SearchTable = 'videos' | 'channels' | 'playlists' | 'comments' | 'subtitle_fragments';

/** Which words a PostgreSQL search table holds: a typed word, and the spellings near a word (typos). */
export class PostgresWordLookup {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly frequency: PostgresWordFrequency,
  ) {}

  /**
   * Whether a word is in a big full-text index (subtitle lines, comments). A word among pg_stats' most common
   * ones is, without a look: a look in the words index reads every posting of the word into a bitmap before
   * it gives one row (a GIN index cannot stop early), a million of them for "know" at 10 million lines. The
   * subtitle lines' other words are looked up in their word list (migration 0042), one B-tree probe, where
   * the GIN look took 1.5 ms at 10 million lines (a third of `full` searches end in such a word). That list
   * keeps a deleted line's words until `search rebuild`: such a word is then taken as typed, not as the
   * start of longer ones, as its typo probes already take it.
   */
  async isIndexedWord(table: 'subtitle_fragments' | 'comments', word: string): Promise<boolean> {
    if ((await this.frequency.counts(`${table}_search`)).words.has(word)) return true;
    if (table === 'subtitle_fragments') return (await this.listed([word])).length > 0;
    const found = await sql`SELECT 1 FROM comments_search
      WHERE doc @@ ${toTsquery(tsqueryExpression([{ terms: [word] }]))} LIMIT 1`.execute(this.db);
    return found.rows.length > 0;
  }

  /**
   * Candidate spellings checked against the index in one statement; only words that occur come back. The
   * subtitle lines have a word list for this; in the comments the common words come from pg_stats without a
   * look (see `isIndexedWord`).
   */
  async neighbours(table: SearchTable, weights: string, word: string, distance: 1 | 2): Promise<string[]> {
    const candidates = [...editVariants(word, distance)];
    if (table === 'subtitle_fragments') return this.listed(candidates);
    const common =
      table === 'comments'
        ? (await this.frequency.counts(`${table}_search`)).words
        : new Map<string, number>();
    const suffix = weights ? `:${weights}` : '';
    const probed = candidates.filter((c) => !common.has(c));
    const result = await sql<{ t: string }>`SELECT t FROM unnest(${probed}::text[]) t
      WHERE EXISTS (SELECT 1 FROM ${sql.raw(`${table}_search`)} s
        WHERE s.doc @@ to_tsquery('tk_search', quote_literal(t) || ${suffix}))`.execute(this.db);
    const found = new Set(result.rows.map((r) => r.t));
    return candidates.filter((c) => common.has(c) || found.has(c));
  }

  /** The candidates in the subtitle lines' word list (migration 0042): B-tree look-ups, not GIN scans. */
  private async listed(candidates: string[]): Promise<string[]> {
    const { rows } = await sql<{ t: string }>`SELECT t FROM unnest(${candidates}::text[]) t
      WHERE EXISTS (SELECT 1 FROM subtitle_words w WHERE w.word = t)`.execute(this.db);
    return rows.map((r) => r.t);
  }
}
