import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';

/** The GIN indexes of the search tables (migrations 0004 and 0036). */
const GIN_INDEXES = [
  'videos_search_doc_idx',
  'channels_search_doc_idx',
  'playlists_search_doc_idx',
  'comments_search_doc_idx',
  'subtitle_fragments_search_doc_idx',
  'subtitle_fragments_search_pairs_idx',
];

/**
 * Merges what the GIN indexes hold in their pending lists into their trees; resolves to the pages merged
 * (0 when nothing was written since). A GIN index takes new entries into an unsorted pending list that
 * every index scan reads whole, and merges it only when it outgrows `gin_pending_list_limit` or a vacuum
 * comes: after a download run the last lines stayed there (measured on `bench:downloading`: 32 pages of
 * lines, 446 pages of word pairs), and the typo probes, one index scan per candidate spelling (300-500 a
 * search), read them hundreds of times: 64-70 ms a probe statement instead of 20-25 once merged, and reads'
 * p95 stayed 3-4x the first round's until autovacuum came. Merging in bulk is what the list is for, so it
 * is kept, and emptied every few seconds (services/search-index-tidying.ts). Needs the index's owner, as
 * VACUUM does: the role that ran the migrations.
 */
export async function mergePendingLists(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ pages: string | number }>`
    SELECT coalesce(sum(gin_clean_pending_list(to_regclass(i))), 0) AS pages
    FROM unnest(${GIN_INDEXES}::text[]) i`.execute(db);
  return Number(rows[0]?.pages ?? 0);
}
