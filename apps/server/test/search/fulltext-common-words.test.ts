import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULLTEXT_RANK_WINDOW } from '../../src/db/search/search-index.ts';
import type { SearchIndex } from '../../src/db/search/search-index.ts';
import { PostgresSearchIndex } from '../../src/db/search/search.postgres.ts';
import { SqliteSearchIndex } from '../../src/db/search/search.sqlite.ts';
import { queryWords } from '../../src/db/search/search-text.ts';
import { WordFrequency } from '../../src/db/search/word-frequency.ts';
import { sql } from 'kysely';
import { analyzeOwnTables, createTestDatabase, ENGINES, type TestDatabase } from '../helpers/database.ts';
import { IDS, insertFragment, seedSearchLibrary } from './search-seed.ts';

/**
 * On a big archive a word in more than COMMON_WORD_ROWS lines ranks the lines but does not narrow them
 * (sqlite-fulltext.ts; search.postgres.ts, which counts words from pg_stats after ANALYZE). With that
 * threshold at 20 rows, "the" (in every "part" line below) is common here; the default threshold (50 000)
 * makes every word of this small library narrow.
 */
describe.each(ENGINES)('full-text search on a big archive on %s', (engine) => {
  let database: TestDatabase;
  let plain: SearchIndex;
  let commonAt20: SearchIndex;
  const parts = FULLTEXT_RANK_WINDOW + 50;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedSearchLibrary(database.db);
    for (let i = 3; i < 3 + parts; i++) {
      await insertFragment(database.db, IDS.rocket, 'en', 'auto', i, `the rocket and the crew, part ${i}`);
    }
    await insertFragment(database.db, IDS.rocket, 'de', 'auto', 900, 'crew only, no article');
    await insertFragment(database.db, IDS.rocket, 'de', 'auto', 901, 'an article about the crew');
    // after every "part" line: beyond the first ranking window of the words "crew", "and", "the"
    await insertFragment(database.db, IDS.rocket, 'de', 'auto', 902, 'crew and the rocket, reversed');
    await insertFragment(database.db, IDS.rocket, 'de', 'auto', 903, 'a crewmate on board');

    if (engine === 'sqlite') {
      plain = new SqliteSearchIndex(database.db);
      commonAt20 = new SqliteSearchIndex(database.db, 20);
    } else {
      await analyzeOwnTables(database.db);
      plain = new PostgresSearchIndex(database.db);
      commonAt20 = new PostgresSearchIndex(database.db, 20);
    }
  });
  afterAll(() => database.cleanup());

  const page = { limit: 30, offset: 0 };
  const words = (text: string, prefixLast = false) => ({
    words: queryWords(text),
    prefixLast,
    typos: 0 as const,
  });

  it('needs every word when none is common', async () => {
    const { hits } = await plain.fragments({ words: words('the article') }, page);
    expect(hits.map((h) => h.line)).toEqual(['an article about the crew']);
  });

  it('lets a common word rank but not filter: lines holding every word come first', async () => {
    const { hits } = await commonAt20.fragments({ words: words('the article') }, page);
    expect(hits.map((h) => h.line)).toEqual(['an article about the crew', 'crew only, no article']);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
  });

  it('counts a word being typed as the common words it starts: it ranks the lines but does not find them', async () => {
    const { hits } = await commonAt20.fragments({ words: words('article th', true) }, page);
    expect(hits.map((h) => h.line)).toEqual(['an article about the crew', 'crew only, no article']);
  });

  it('narrows by the rarest word when every word is common', async () => {
    // "part" and "the" are both in more than 20 lines; "7" is in one: the exact phrase comes first
    const { hits } = await commonAt20.fragments({ words: words('crew part 7') }, page);
    expect(hits[0]?.line).toBe('the rocket and the crew, part 7');
    const broad = await commonAt20.fragments({ words: words('the part') }, page);
    expect(broad.hits).toHaveLength(30);
    expect(broad.hits.every((h) => /the .* part/.test(h.line))).toBe(true);
  });

  // PostgreSQL reads a common finding word from the table in its own order rather than through the index.
  // Every "part" line holds "the", so the rarest word, "part", finds the very lines all the words find, in the
  // same order. (SQLite's counts are estimates from the ends of the postings, close enough to tell common
  // from rare but not which of "the" and "part", in 150-odd lines each, is rarer.)
  it.runIf(engine === 'postgres')(
    'gives the same pages when the rarest of common words finds the lines as when every word does',
    async () => {
      for (const offset of [0, 30, 90, 120]) {
        const each = await plain.fragments({ words: words('the part') }, { limit: 30, offset });
        const rarest = await commonAt20.fragments({ words: words('the part') }, { limit: 30, offset });
        expect(rarest.hits.map((h) => h.id)).toEqual(each.hits.map((h) => h.id));
        expect(rarest.hits).toHaveLength(30);
      }
    },
  );

  it('puts the lines holding the query as a phrase first, wherever they are in the index', async () => {
    for (const index of [plain, commonAt20]) {
      const { hits } = await index.fragments({ words: words('crew and the') }, page);
      expect(hits[0]?.line).toBe('crew and the rocket, reversed');
      expect(hits).toHaveLength(30);
      // typed as you go: the last word is a prefix
      const typing = await index.fragments({ words: words('crew and th', true) }, page);
      expect(typing.hits[0]?.line).toBe('crew and the rocket, reversed');
    }
  });

  // PostgreSQL finds the lines holding a phrase whose every pair is common by scanning the table for its
  // rarest pair, not through the pair keys index: the first lines holding it are the same.
  it.runIf(engine === 'postgres')(
    'finds the same phrase lines through a common pair as through the pairs index',
    async () => {
      for (const offset of [0, 30, 90]) {
        const keys = await plain.fragments({ words: words('and the crew') }, { limit: 30, offset });
        const scanned = await commonAt20.fragments({ words: words('and the crew') }, { limit: 30, offset });
        expect(scanned.hits.map((h) => h.id)).toEqual(keys.hits.map((h) => h.id));
        expect(scanned.hits.every((h) => h.line.includes('and the crew'))).toBe(true);
      }
    },
  );

  it('ranks phrase lines first when the phrase itself is in more lines than a window', async () => {
    const { hits } = await commonAt20.fragments({ words: words('and the crew') }, page);
    expect(hits).toHaveLength(30);
    expect(hits.every((h) => h.line.includes('and the crew'))).toBe(true);
  });

  it('pages through more matches than one ranking window without repeating or skipping a line', async () => {
    const seen: number[] = [];
    for (let p = 0; p * 30 < parts + 30; p++) {
      const { hits } = await plain.fragments({ words: words('rocket crew') }, { limit: 30, offset: p * 30 });
      seen.push(...hits.map((h) => h.id));
    }
    // the part lines and the reversed line
    expect(seen).toHaveLength(parts + 1);
    expect(new Set(seen).size).toBe(parts + 1);
  });

  it('ranks the exact phrase first within a window', async () => {
    const { hits } = await plain.fragments({ words: words('crew part 7') }, page);
    expect(hits[0]?.line).toBe('the rocket and the crew, part 7');
  });

  it.runIf(engine === 'sqlite')(
    'estimates how many lines hold a word from the ends of its postings',
    async () => {
      const span = sql<{ span: number | null }>`SELECT max(id) AS span FROM subtitle_fragments`;
      const frequency = new WordFrequency(database.db, 'subtitle_fragments_fts', span);
      // exact when the word has fewer postings than one sample, close when it has more
      expect(await frequency.estimate('"orbit"')).toBe(1);
      expect(await frequency.estimate('"article"')).toBe(2);
      const crew = await frequency.estimate('"crew"');
      expect(crew).toBeGreaterThan(parts * 0.8);
      expect(crew).toBeLessThan(parts * 1.25);
    },
  );

  it('takes a typed word the index holds as the word, not as the start of longer ones', async () => {
    const all = { limit: 300, offset: 0 };
    const typing = await commonAt20.fragments({ words: words('crew', true) }, all);
    expect(typing.hits.length).toBeGreaterThan(parts);
    expect(typing.hits.map((h) => h.line)).not.toContain('a crewmate on board');
    const prefix = await commonAt20.fragments({ words: words('crewm', true) }, all);
    expect(prefix.hits.map((h) => h.line)).toEqual(['a crewmate on board']);
  });

  it('finds a common word from a misspelling of it', async () => {
    const misspelt = { words: ['rockex'], prefixLast: false, typos: 1 as const };
    const { hits } = await commonAt20.fragments({ words: misspelt }, page);
    expect(hits).toHaveLength(30);
    expect(hits.every((h) => h.line.includes('rocket'))).toBe(true);
  });

  it('finds comments the same way', async () => {
    const { hits } = await plain.comments({ words: words('recipe is') }, page);
    expect(hits.map((h) => h.comment_id)).toEqual(['Ugcomment3']);
  });
});

describe.each(ENGINES)('a phrase whose pair is as common as its words on %s', (engine) => {
  let database: TestDatabase;
  let commonAt20: SearchIndex;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedSearchLibrary(database.db);
    // "gamma" and "delta" in 145 lines, as a phrase in the last 25 only
    for (let i = 0; i < 120; i++) {
      await insertFragment(database.db, IDS.rocket, 'fr', 'auto', 1000 + i, `gamma words ${i} then delta`);
    }
    for (let i = 0; i < 25; i++) {
      await insertFragment(database.db, IDS.rocket, 'fr', 'auto', 1200 + i, `said gamma delta ${i}`);
    }
    if (engine === 'sqlite') {
      commonAt20 = new SqliteSearchIndex(database.db, 20);
    } else {
      await analyzeOwnTables(database.db);
      commonAt20 = new PostgresSearchIndex(database.db, 20);
    }
  });
  afterAll(() => database.cleanup());

  it('puts the lines holding the phrase first', async () => {
    // through the words alone, the first 100 lines holding "gamma" have no phrase
    const words = { words: ['gamma', 'delta'], prefixLast: false, typos: 0 as const };
    const { hits } = await commonAt20.fragments({ words }, { limit: 30, offset: 0 });
    expect(hits.slice(0, 25).every((h) => h.line.includes('gamma delta'))).toBe(true);
    expect(hits[25]?.line).not.toContain('gamma delta');
  });
});

// Before any statistics (PostgreSQL: no ANALYZE yet) no word is known to be common, so whether a typed word
// is one the lines hold is looked up: on PostgreSQL in the lines' word list (migration 0042), on SQLite in
// the index itself.
describe.each(ENGINES)('a typed word the lines hold, without statistics, on %s', (engine) => {
  let database: TestDatabase;
  let index: SearchIndex;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedSearchLibrary(database.db);
    await insertFragment(database.db, IDS.rocket, 'de', 'auto', 904, 'an orbital station');
    index = engine === 'sqlite' ? new SqliteSearchIndex(database.db) : new PostgresSearchIndex(database.db);
  });
  afterAll(() => database.cleanup());

  const typed = (text: string) => ({ words: queryWords(text), prefixLast: true, typos: 0 as const });
  const lines = async (text: string) =>
    (await index.fragments({ words: typed(text) }, { limit: 30, offset: 0 })).hits.map((h) => h.line).sort();

  it('takes it as the word, and a start of words as their prefix', async () => {
    expect(await lines('orbit')).toEqual(['The rocket reaches orbit in eight minutes']);
    expect(await lines('orbi')).toEqual(['The rocket reaches orbit in eight minutes', 'an orbital station']);
  });
});
