import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULLTEXT_RANK_WINDOW } from '../../src/db/search/search-index.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from '../helpers/app.ts';
import { ENGINES } from '../helpers/database.ts';
import { IDS, insertFragment, searchAs, seedSearchLibrary } from './search-seed.ts';

const APART = 'breakfast and then a long list of everything else we had to say before and bread';

/** Full-text order on both engines (phrase-first.ts): phrase lines first, then ranked blocks, stable pages. */
describe.each(ENGINES)('full-text phrases and paging on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  const days = FULLTEXT_RANK_WINDOW + 40;
  beforeAll(async () => {
    t = await createTestApp(engine);
    user = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    await seedSearchLibrary(t.database.db);
    for (let day = 1; day <= days; day++) {
      await insertFragment(
        t.database.db,
        IDS.rocket,
        'en',
        'auto',
        100 + day,
        `bread and butter for breakfast, day ${day}`,
      );
    }
    // written last: beyond the first block of lines holding "breakfast", "and" and "bread"
    await insertFragment(t.database.db, IDS.rocket, 'en', 'auto', 999, 'for breakfast and bread we queue');
    // the word pairs of that phrase (breakfast_and, and_bread), apart: not the phrase
    await insertFragment(t.database.db, IDS.rocket, 'en', 'auto', 1000, APART);
  });
  afterAll(() => t.close());

  const lines = async (query: string, page = 1) =>
    (await searchAs(user)(query, `&page=${page}`)).fulltext_results.map((h: { subtitle_line: string }) =>
      h.subtitle_line.replace(/<[^>]+>/g, ''),
    );

  it('puts the line holding the words as a phrase first, wherever it is', async () => {
    const found = await lines('full:breakfast and bread ');
    expect(found[0]).toBe('for breakfast and bread we queue');
    expect(found).toHaveLength(30);
    // its pairs alone make no phrase: the line is ranked in its own block, not on page 1
    expect(found).not.toContain(APART);
    // typed as you go, the last word a prefix
    expect((await lines('full:breakfast and bre'))[0]).toBe('for breakfast and bread we queue');
    // with or without diacritics, as the index compares words
    expect(await lines('full:schones brot ')).toEqual(['Heute backen wir ein schönes Brot']);
    expect(await lines('full:SCHÖNES Brot')).toEqual(['Heute backen wir ein schönes Brot']);
  });

  it('pages through more matches than one ranking block without repeating or skipping a line', async () => {
    const seen: string[] = [];
    const bread = days + 2;
    for (let page = 1; page <= Math.ceil(bread / 30) + 1; page++)
      seen.push(...(await lines('full:bread ', page)));
    expect(seen).toHaveLength(bread);
    expect(new Set(seen).size).toBe(bread);
  });
});
