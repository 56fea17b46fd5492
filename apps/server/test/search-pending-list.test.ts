import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

/**
 * Migration 0032: the search indexes on PostgreSQL keep a small GIN pending list, so searches after a
 * download run do not read tens of thousands of unmerged entries each (bench:downloading showed reads at
 * p95 2-3 s after one run). The timing lives in the bench; this holds the setting in place.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('search indexes on postgres', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.cleanup();
  });

  it('keep a GIN pending list of 256 kB on every search table', async () => {
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
    for (const row of rows) expect(row.options).toContain('gin_pending_list_limit=256');
  });
});
