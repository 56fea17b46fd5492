import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresSearchIndex } from '../../src/db/search/search.postgres.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { IDS, insertFragment, seedSearchLibrary } from './search-seed.ts';

/**
 * search.postgres.ts on a library where "it" and "not" are in most lines: with the common-word threshold
 * lowered (as the 10-million-line archive has it at its default), the rare word finds the lines and each is
 * checked for every word, so the hits are exactly those of the plain AND. Without TEST_DATABASE_URL there is
 * no PostgreSQL to ask.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('full-text search through rare words on postgres', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    await seedSearchLibrary(t.db);
    for (let day = 1; day <= 60; day++)
      await insertFragment(t.db, IDS.rocket, 'en', 'auto', 100 + day, `it is not over yet, day ${day}`);
    for (let n = 1; n <= 5; n++)
      await insertFragment(t.db, IDS.rocket, 'en', 'auto', 200 + n, `it was not viga number ${n}`);
    for (let n = 1; n <= 8; n++)
      await insertFragment(t.db, IDS.rocket, 'en', 'auto', 300 + n, `viga on its own ${n}`);
    await sql`ANALYZE subtitle_fragments_search`.execute(t.db);
  });
  afterAll(() => t.cleanup());

  const lines = async (index: PostgresSearchIndex, words: string[]) =>
    (
      await index.fragments({ words: { words, prefixLast: false, typos: 0 } }, { limit: 30, offset: 0 })
    ).hits.map((h) => h.line);

  it('finds the lines holding every word, common ones included, and no other', async () => {
    const narrowed = await lines(new PostgresSearchIndex(t.db, 10), ['viga', 'not', 'it']);
    expect([...narrowed].sort()).toEqual([1, 2, 3, 4, 5].map((n) => `it was not viga number ${n}`));
    expect([...narrowed].sort()).toEqual(
      [...(await lines(new PostgresSearchIndex(t.db), ['viga', 'not', 'it']))].sort(),
    );
  });

  it('finds them through the rarest word when every word is common', async () => {
    const narrowed = await lines(new PostgresSearchIndex(t.db, 10), ['not', 'it', 'over']);
    expect(narrowed).toHaveLength(30);
    expect(narrowed.every((line) => /\bit\b.*\bnot\b.*\bover\b/.test(line))).toBe(true);
  });
});
