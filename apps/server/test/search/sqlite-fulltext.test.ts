import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteSearchIndex } from '../../src/db/search/search.sqlite.ts';
import { queryWords } from '../../src/db/search/search-text.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { IDS, insertFragment, seedSearchLibrary } from './search-seed.ts';

/**
 * On a big archive, words like "the" are left out of the FTS5 query and checked in the candidate text
 * (sqlite-fulltext.ts). With the "common" threshold at one row every word counts as common here, so the
 * same queries take that path; they must find exactly what the plain path finds.
 */
describe('SQLite full-text search with common words checked in the text', () => {
  let database: TestDatabase;
  let plain: SqliteSearchIndex;
  let checked: SqliteSearchIndex;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSearchLibrary(database.db);
    for (let i = 3; i <= 12; i++) {
      await insertFragment(database.db, IDS.rocket, 'en', 'auto', i, `the rocket and the crew, part ${i}`);
    }
    plain = new SqliteSearchIndex(database.db);
    checked = new SqliteSearchIndex(database.db, 1);
  });
  afterAll(() => database.cleanup());

  const page = { limit: 30, offset: 0 };
  const words = (text: string, prefixLast = false) => ({
    words: queryWords(text),
    prefixLast,
    typos: 0 as const,
  });

  it.each([
    ['the crust', false],
    ['the rocket', false],
    ['rocket the crew part', false],
    ['the cr', true],
    ['and the', false],
    ['orbit the', false],
    ['brot wir', false],
  ])('finds the same subtitle lines for %j', async (text, prefix) => {
    const [a, b] = await Promise.all([
      plain.fragments({ words: words(text, prefix) }, page),
      checked.fragments({ words: words(text, prefix) }, page),
    ]);
    expect(b.hits.map((h) => h.id).sort()).toEqual(a.hits.map((h) => h.id).sort());
    expect(a.hits.length).toBeGreaterThan(0);
  });

  it('ranks the exact phrase first', async () => {
    const { hits } = await checked.fragments({ words: words('crew part 7') }, page);
    expect(hits[0]?.line).toBe('the rocket and the crew, part 7');
  });

  it('finds the same comments', async () => {
    const [a, b] = await Promise.all([
      plain.comments({ words: words('recipe is') }, page),
      checked.comments({ words: words('recipe is') }, page),
    ]);
    expect(b.hits.map((h) => h.comment_id)).toEqual(a.hits.map((h) => h.comment_id));
    expect(a.hits.map((h) => h.comment_id)).toEqual(['Ugcomment3']);
  });
});
