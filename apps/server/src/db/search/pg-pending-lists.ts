import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';

/**
 * The GIN indexes of the search tables that keep a pending list: the word pairs' (migration 0036). The word
 * indexes (0004) take new lines straight into their trees since migration 0041.
 */
const GIN_INDEXES = ['subtitle_fragments_search_pairs_idx'];

/**
 * Merges what the GIN indexes hold in their pending lists into their trees; resolves to the pages merged
 * (0 when nothing was written since). A GIN index takes new entries into an unsorted pending list that
 * every index scan reads whole, and merges it only when it outgrows `gin_pending_list_limit` or a vacuum
 * comes: after a download run the last lines stayed there (measured on `bench:downloading`: 446 pages of
 * word pairs), and every phrase search read them whole until autovacuum came. Merging in bulk is what the
 * list is for, so it is kept, and emptied every few seconds (services/search-index-tidying.ts). (The word
 * indexes had one too until migration 0041: a typo search reads its index once per candidate spelling, so
 * even a list merged every few seconds cost 30x a look-up there.) Needs the index's owner, as VACUUM does:
 * the role that ran the migrations.
 */
export async function mergePendingLists(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ pages: string | number }>`
    SELECT coalesce(sum(gin_clean_pending_list(to_regclass(i))), 0) AS pages
    FROM unnest(${GIN_INDEXES}::text[]) i`.execute(db);
  return Number(rows[0]?.pages ?? 0);
}
