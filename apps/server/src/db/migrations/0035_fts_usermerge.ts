/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/** Every FTS5 index of migrations 0004 and 0009 (this migration's own list: it sees the schema of its time). */
const FTS5_INDEXES = [
  'videos_fts',
  'channels_fts',
  'playlists_fts',
  'subtitle_fragments_fts',
  'comments_fts',
  'subtitle_pairs_fts',
];

/**
 * Issue 19, SQLite: each write transaction adds a segment to an FTS5 index, and FTS5 merges them only four
 * at a time by itself, so a download run of 80 videos left 10-14 segments in the subtitle indexes, every
 * lookup of a search read each one, and searches ran 2-3x slower until the next rebuild. The server now
 * merges them in small steps after writes (db/search/sqlite-index-tidy.ts); 'usermerge' 2 lets those steps
 * merge any two segments of a level instead of waiting for four (the setting is kept in the index).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const fts of FTS5_INDEXES)
    await sql.raw(`INSERT INTO ${fts}(${fts}, rank) VALUES ('usermerge', 2)`).execute(db);
}
