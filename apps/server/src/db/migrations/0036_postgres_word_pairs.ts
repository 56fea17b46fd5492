/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19, PostgreSQL: the word pairs of every subtitle line in a GIN index, as SQLite has had since 0009.
 * A phrase of common words ("little and that") was found through the postings of "little", "and" and
 * "that", every one of the 43 000 lines holding all three read again to check the words' positions: 1-3 s
 * per search at 10 million lines. Through the pairs "little_and" and "and_that" it reads a handful.
 *
 * `tk_word_pair_keys(doc)` makes the pairs from the positions in the line's tsvector, so they are the very
 * lexemes (unaccented, lower case) that its phrase operator `<->` compares, and keys each pair by 20 bits
 * of its md5: one key per pair took 6 GB of index at 10 million lines, a million buckets take ~1.6 GB, and
 * the lines of other pairs sharing a bucket (~250 at that size) are left out by the `<->` check that
 * follows. md5, not `hashtext`, so the keys never change with PostgreSQL's version. The index is on the
 * expression: nothing more is stored per line, and the search triggers keep it as they keep `doc`.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM subtitle_fragments_search`.execute(db);
  const lines = Number(rows[0]?.n ?? 0);
  // a big archive takes minutes here (1 million lines: ~2 min on a 2-core machine); say so rather than look stuck
  if (lines > 200_000) {
    process.stderr.write(
      `Indexing the word pairs of ${lines} subtitle lines for phrase search (migration 0036); ` +
        `this takes about ${Math.ceil((lines / 1_000_000) * 2.5)} min and runs once.\n`,
    );
  }
  await sql`CREATE FUNCTION tk_word_pair_keys(doc tsvector) RETURNS int[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      WITH words AS (SELECT w.lexeme, p FROM unnest(doc) w, unnest(w.positions) p)
      SELECT coalesce(array_agg(DISTINCT ('x' || left(md5(a.lexeme || '_' || b.lexeme), 5))::bit(20)::int), '{}')
      FROM words a JOIN words b ON b.p = a.p + 1
    $$`.execute(db);
  await sql`CREATE INDEX subtitle_fragments_search_pairs_idx ON subtitle_fragments_search
    USING gin (tk_word_pair_keys(doc))`.execute(db);
}
