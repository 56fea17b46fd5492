/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

const SEARCH_TABLES = ['videos', 'channels', 'playlists', 'comments', 'subtitle_fragments'];

/**
 * Issue 19, PostgreSQL: the search tables' word indexes take new lines straight into their trees, with no
 * pending list (0032 had shrunk it to 256 kB). A typo search looks up 300-550 candidate spellings, each an
 * index scan that reads the whole pending list, so even a few hundred just-written lines made each look-up
 * 30x dearer: on `bench:downloading` (auto_explain, 2 000 videos) 200-320 µs a spelling while a download
 * run wrote and for the seconds after it until the next merge, against ~10 µs on a merged index, and every
 * API read queued behind those searches for the pool's connections (reads' p95 2x idle in the first round).
 * A line written straight costs ~88 µs against ~44 µs through the list (measured for 0032): ~16 ms more a
 * video of 360 lines. The word pairs' index (0036) keeps its list: a phrase reads it once, not per spelling.
 * What is pending now is merged here.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  for (const table of SEARCH_TABLES) {
    const index = `${table}_search_doc_idx`;
    await sql.raw(`ALTER INDEX ${index} SET (fastupdate = off)`).execute(db);
    await sql.raw(`SELECT gin_clean_pending_list('${index}'::regclass)`).execute(db);
  }
}
