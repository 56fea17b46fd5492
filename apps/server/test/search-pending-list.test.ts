import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { IDS, seedSearchLibrary } from './search/search-seed.ts';

/**
 * Migration 0041 (after 0032's 256 kB list): the word indexes of the search tables on PostgreSQL keep no
 * GIN pending list, so a typo search's 300-550 look-ups never read just-written lines one by one
 * (bench:downloading: 200-320 µs a look-up while downloads wrote, ~10 µs merged). The word pairs' index
 * keeps its list (a phrase reads it once). The timing lives in the bench; this holds the behaviour.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('search indexes on postgres', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await seedSearchLibrary(db.db);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  const pendingPages = async (index: string) =>
    Number(
      (
        await sql<{ pages: number }>`SELECT gin_clean_pending_list(${index}::regclass) AS pages`.execute(
          db.db,
        )
      ).rows[0]!.pages,
    );

  it('take new lines straight into the word indexes of every search table, and into the pairs index through its list', async () => {
    const { rows } = await sql<{ name: string; options: string[] | null }>`
      SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
      WHERE c.relkind = 'i' AND c.relname LIKE '%\_search\_doc\_idx'
        AND c.relnamespace = current_schema()::regnamespace ORDER BY c.relname`.execute(db.db);
    expect(rows.map((r) => r.name)).toEqual([
      'channels_search_doc_idx',
      'comments_search_doc_idx',
      'playlists_search_doc_idx',
      'subtitle_fragments_search_doc_idx',
      'videos_search_doc_idx',
    ]);
    for (const row of rows) expect(row.options).toContain('fastupdate=off');
    await pendingPages('subtitle_fragments_search_pairs_idx');
    const lines = Array.from({ length: 400 }, (_, i) => ({
      youtube_id: IDS.rocket,
      lang: 'en',
      source: 'user',
      fragment_index: 5_000 + i,
      start_ms: i * 1000,
      end_ms: i * 1000 + 900,
      line: `pending words ${i} orbit line number ${i * 7} and more`,
    }));
    await db.db.insertInto('subtitle_fragments').values(lines).execute();
    expect(await pendingPages('subtitle_fragments_search_doc_idx')).toBe(0);
    expect(await pendingPages('subtitle_fragments_search_pairs_idx')).toBeGreaterThan(0);
  });
});
