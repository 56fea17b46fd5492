import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';

const KEEP_MS = 10 * 60_000;

export interface WordCounts {
  /** rows of the table, as PostgreSQL last counted them */
  rows: number;
  /** the rows each of its most common words is in (others are in fewer than the least of these) */
  words: Map<string, number>;
  /** the same for the word pair keys of its pairs index (subtitle lines, migration 0036); else empty */
  pairs: Map<number, number>;
}

/**
 * How many rows of a search table (`subtitle_fragments_search`, `comments_search`) the common words are in,
 * from the statistics ANALYZE keeps anyway: pg_stats' most common elements of `doc` (the 1 000 most common
 * lexemes of a sample and the fraction of rows holding each), and of its word pair keys if it has them.
 * Read once per ten minutes per table, and again after the search tidy analyzed it (pg-search-statistics.ts);
 * a table never analyzed has none, and then every word counts as rare (all of them find the rows, as before).
 */
export class PostgresWordFrequency {
  private readonly known = new Map<string, { at: number; counts: Promise<WordCounts> }>();

  constructor(private readonly db: Kysely<Database>) {}

  counts(table: string): Promise<WordCounts> {
    const kept = this.known.get(table);
    if (kept && Date.now() - kept.at < KEEP_MS) return kept.counts;
    const counts = this.read(table);
    this.known.set(table, { at: Date.now(), counts });
    counts.catch(() => this.known.delete(table));
    return counts;
  }

  /** Reads the table's counts afresh at the next call (its statistics were just refreshed). */
  forget(table: string): void {
    this.known.delete(table);
  }

  private async read(table: string): Promise<WordCounts> {
    const { rows } = await sql<{ words: string[] | null; freqs: number[] | null; total: number }>`
      SELECT st.most_common_elems::text::text[] AS words, st.most_common_elem_freqs AS freqs,
        greatest(c.reltuples, 0)::float8 AS total
      FROM pg_class c LEFT JOIN pg_stats st ON st.schemaname = current_schema()
        AND st.tablename = c.relname AND st.attname = 'doc'
      WHERE c.oid = to_regclass(${table})`.execute(this.db);
    const row = rows[0];
    const total = Number(row?.total ?? 0);
    const words = new Map<string, number>();
    for (const [i, word] of (row?.words ?? []).entries()) words.set(word, row!.freqs![i]! * total);
    // ANALYZE keeps the same statistics for an index's expression, under the index's name
    const keys = await sql<{ keys: number[] | null; freqs: number[] | null }>`
      SELECT most_common_elems::text::int[] AS keys, most_common_elem_freqs AS freqs FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = ${`${table}_pairs_idx`}`.execute(this.db);
    const pairs = new Map<number, number>();
    const stats = keys.rows[0];
    for (const [i, key] of (stats?.keys ?? []).entries()) pairs.set(key, stats!.freqs![i]! * total);
    return { rows: total, words, pairs };
  }
}
