import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';

/** The tables with a search side table `<table>_search` (migration 0004), and its key column. */
export const SEARCH_KEYS = {
  videos: 'youtube_id',
  channels: 'channel_id',
  playlists: 'playlist_id',
  comments: 'comment_id',
  subtitle_fragments: 'id',
} as const;
export type SearchTable = keyof typeof SEARCH_KEYS;

/**
 * Refills every search side table from its table (`tubekeeper search rebuild`), in one transaction: a
 * failure leaves the index as it was. The side tables' own indexes (the GIN ones over `doc` and over the
 * word pair keys of migration 0036, with their options) are dropped before the fill and built again after
 * it, from their definitions as PostgreSQL prints them: filling through a GIN index adds every line's
 * postings one by one through its pending list, where a build sorts them once. Measured (issue 19,
 * `bench:rebuild`, 1 million lines, 2 cores): 373 s filling through the indexes, 215 s this way, 132 s of
 * it the word pairs' index (its expression costs ~130 µs a line; the `doc` index builds in 15 s, the same
 * with 64 or 256 MB of `maintenance_work_mem`). The primary keys stay (a constraint needs them). Searches
 * wait for the transaction: TRUNCATE locks the side tables until it commits.
 */
export async function refillSearchTables(db: Kysely<Database>): Promise<void> {
  const tables = Object.keys(SEARCH_KEYS) as SearchTable[];
  await db.transaction().execute(async (trx) => {
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = ANY(${tables.map((t) => `${t}_search`)}) AND t.relnamespace = current_schema()::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
      ORDER BY i.relname`.execute(trx);
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
    await sql.raw(`TRUNCATE ${tables.map((t) => `${t}_search`).join(', ')}`).execute(trx);
    for (const table of tables) {
      const key = SEARCH_KEYS[table];
      await sql
        .raw(
          `INSERT INTO ${table}_search (${key}, doc) SELECT r.${key}, ${table}_search_doc(r) FROM ${table} r`,
        )
        .execute(trx);
    }
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
    // the typo probes' word list (migration 0042), made again from the lines: deleted lines' words go
    await sql`TRUNCATE subtitle_words`.execute(trx);
    await sql`INSERT INTO subtitle_words (word) SELECT DISTINCT w.word FROM subtitle_fragments_search s
      CROSS JOIN unnest(tsvector_to_array(s.doc)) AS w(word) WHERE char_length(w.word) >= 3`.execute(trx);
  });
  for (const table of tables) await sql.raw(`ANALYZE ${table}_search`).execute(db);
}
