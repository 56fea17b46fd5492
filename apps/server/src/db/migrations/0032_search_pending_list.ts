/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

const SEARCH_TABLES = ['videos', 'channels', 'playlists', 'comments', 'subtitle_fragments'];

/**
 * Issue 19, PostgreSQL: a GIN index takes new entries into a pending list (4 MB by default) that every
 * search reads from end to end until a vacuum or a full list merges it. After a download run added 40
 * videos' subtitles (72 000 lines), a search that looks up 300 candidate spellings took 0.3-2.2 s instead
 * of 3 ms, the pool's connections all waited on such searches, and every API read behind them with p95
 * 2-3 s on the downloading bench. A 256 kB list bounds what a search reads to a few thousand entries (the
 * same lookups: 10-35 ms with 60 000 lines just added) while inserts still merge in batches (44 µs a line
 * against 17 µs with 4 MB and 88 µs with no list at all, measured on the bench archive). What is pending
 * now is merged here.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  for (const table of SEARCH_TABLES) {
    const index = `${table}_search_doc_idx`;
    await sql.raw(`ALTER INDEX ${index} SET (gin_pending_list_limit = 256)`).execute(db);
    await sql.raw(`SELECT gin_clean_pending_list('${index}'::regclass)`).execute(db);
  }
}
