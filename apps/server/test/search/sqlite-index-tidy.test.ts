import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePendingLists } from '../../src/db/search/pg-pending-lists.ts';
import { refreshSearchStatistics } from '../../src/db/search/pg-search-statistics.ts';
import { PostgresWordFrequency } from '../../src/db/search/pg-word-frequency.ts';
import { PostgresSearchIndex } from '../../src/db/search/search.postgres.ts';
import { SqliteIndexTidy, WHOLE_MERGE } from '../../src/db/search/sqlite-index-tidy.ts';
import { SqliteSearchIndex } from '../../src/db/search/search.sqlite.ts';
import { queryWords } from '../../src/db/search/search-text.ts';
import { SearchIndexTidying } from '../../src/services/search-index-tidying.ts';
import { waitFor } from '../helpers/acquisition.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/database.ts';
import { IDS, seedSearchLibrary } from './search-seed.ts';

/**
 * Issue 19: every write adds a segment to an FTS5 index and searches read each one (2-3x slower after a
 * download run of 80 videos); the server merges them after writes, in small steps.
 */
describe('tidying the SQLite search index after writes', () => {
  let database: TestDatabase;
  let index: SqliteSearchIndex;
  const segments = async (fts: string) =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM ${sql.raw(`${fts}_idx`)}`.execute(
          database.db,
        )
      ).rows[0]!.n,
    );
  const heard = async (text: string) =>
    (
      await index.fragments(
        { words: { words: queryWords(text), prefixLast: false, typos: 0 } },
        { limit: 50, offset: 0 },
      )
    ).hits
      .map((hit) => hit.line)
      .sort();

  /** `count` lines of one video written together, as a download writes a video's subtitles */
  let nextIndex = 100;
  const writeLines = async (count: number, text: (i: number) => string) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      youtube_id: IDS.rocket,
      lang: 'en',
      source: 'user',
      fragment_index: nextIndex + i,
      start_ms: (nextIndex + i) * 1000,
      end_ms: (nextIndex + i) * 1000 + 900,
      line: text(i),
    }));
    nextIndex += count;
    await database.db.transaction().execute(async (trx) => {
      for (let at = 0; at < rows.length; at += 100)
        await trx
          .insertInto('subtitle_fragments')
          .values(rows.slice(at, at + 100))
          .execute();
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSearchLibrary(database.db);
    index = new SqliteSearchIndex(database.db);
    // an archive whose index was merged whole (a rebuild), then a download run's videos one by one: FTS5's
    // own merging during the writes leaves several segments over its levels, too few on each to merge
    await writeLines(5_000, (i) => `launch window line ${i} of the archive`);
    await index.rebuild();
    for (let video = 0; video < 40; video++)
      await writeLines(50, (i) => `orbit burn ${video} ${i === 0 ? 'first' : 'next'} ${i}`);
  });
  afterAll(() => database.cleanup());

  it('merges the segments the writes added, and searches find the same lines', async () => {
    const before = {
      lines: await segments('subtitle_fragments_fts'),
      pairs: await segments('subtitle_pairs_fts'),
    };
    expect(before.lines).toBeGreaterThan(4);
    expect(before.pairs).toBeGreaterThan(4);
    const found = await heard('orbit first');
    expect(found).toHaveLength(40);

    expect(await index.tidy()).toBeGreaterThan(0);
    expect(await segments('subtitle_fragments_fts')).toBeLessThanOrEqual(2);
    expect(await segments('subtitle_pairs_fts')).toBeLessThanOrEqual(2);
    expect(await heard('orbit first')).toEqual(found);
    expect(await heard('burn 7 first')).toEqual(['orbit burn 7 first 0']);
  });

  it('merges an index whole once it had no write for a minute, at most every ten minutes', async () => {
    let clock = 0;
    const tidy = new SqliteIndexTidy(database.db, WHOLE_MERGE, () => clock);
    // seven writes: the steps leave one segment per level (1, 2 and 4 writes' worth)
    for (let video = 0; video < 7; video++) await writeLines(50, (i) => `first proof ${video} ${i}`);
    expect(await tidy.run()).toBeGreaterThan(0);
    const afterSteps = [await segments('subtitle_fragments_fts'), await segments('subtitle_pairs_fts')];
    expect(Math.min(...afterSteps)).toBeGreaterThan(1);
    clock += WHOLE_MERGE.QUIET_MS - 1_000;
    expect(await tidy.run()).toBe(0);
    expect([await segments('subtitle_fragments_fts'), await segments('subtitle_pairs_fts')]).toEqual(
      afterSteps,
    );
    clock += 1_000;
    expect(await tidy.run()).toBeGreaterThan(0);
    expect(await segments('subtitle_fragments_fts')).toBe(1);
    expect(await segments('subtitle_pairs_fts')).toBe(1);
    expect(await tidy.run()).toBe(0);
    expect(await heard('first proof 6 49')).toEqual(['first proof 6 49']);
    // the next writes: merged by the steps at once, whole only ten minutes after the last whole merge
    for (let video = 0; video < 7; video++) await writeLines(50, (i) => `second proof ${video} ${i}`);
    expect(await tidy.run()).toBeGreaterThan(0);
    const again = await segments('subtitle_fragments_fts');
    expect(again).toBeGreaterThan(1);
    clock += WHOLE_MERGE.QUIET_MS;
    expect(await tidy.run()).toBe(0);
    expect(await segments('subtitle_fragments_fts')).toBe(again);
    clock += WHOLE_MERGE.WHOLE_EVERY_MS;
    expect(await tidy.run()).toBeGreaterThan(0);
    expect(await segments('subtitle_fragments_fts')).toBe(1);
    expect(await heard('second proof 6 49')).toEqual(['second proof 6 49']);
    expect(await heard('orbit first')).toHaveLength(40);
  });

  it('leaves an index above the size limit in its per-level segments', async () => {
    let clock = 0;
    const tidy = new SqliteIndexTidy(database.db, { ...WHOLE_MERGE, MAX_INDEX_ROWS: 1 }, () => clock);
    for (let video = 0; video < 7; video++) await writeLines(50, (i) => `third pass ${video} ${i}`);
    expect(await tidy.run()).toBeGreaterThan(0);
    const afterSteps = await segments('subtitle_fragments_fts');
    expect(afterSteps).toBeGreaterThan(1);
    clock += WHOLE_MERGE.QUIET_MS;
    expect(await tidy.run()).toBe(0);
    expect(await segments('subtitle_fragments_fts')).toBe(afterSteps);
    expect(await heard('third pass 6 49')).toEqual(['third pass 6 49']);
  });
});

/**
 * Issue 19, PostgreSQL: a GIN index keeps new entries in a pending list that every index scan reads whole;
 * after a download run the typo probes (one scan per candidate spelling) read it hundreds of times a search.
 */
describe.each(ENGINES.filter((engine) => engine === 'postgres'))('tidying the %s search index', (engine) => {
  let database: TestDatabase;
  let index: PostgresSearchIndex;
  // typos 1 is the API's second pass, with a word's neighbours the index holds (the typo probes)
  const heard = async (text: string, typos: 0 | 1 = 0) =>
    (
      await index.fragments(
        { words: { words: queryWords(text), prefixLast: false, typos } },
        { limit: 50, offset: 0 },
      )
    ).hits
      .map((hit) => hit.line)
      .sort();
  const writeVideos = async (videos: number, text: (video: number, i: number) => string) => {
    for (let video = 0; video < videos; video++) {
      const rows = Array.from({ length: 50 }, (_, i) => ({
        youtube_id: IDS.rocket,
        lang: 'en',
        source: 'user',
        fragment_index: 1_000 + video * 50 + i,
        start_ms: i * 1000,
        end_ms: i * 1000 + 900,
        line: text(video, i),
      }));
      await database.db.insertInto('subtitle_fragments').values(rows).execute();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedSearchLibrary(database.db);
    index = new PostgresSearchIndex(database.db);
    await index.tidy();
  });
  afterAll(() => database.cleanup());

  it('merges the pending lists the writes filled, and searches find the same lines', async () => {
    await writeVideos(40, (video, i) => `orbit burn ${video} ${i === 0 ? 'first' : 'next'} ${i}`);
    const found = await heard('orbit first');
    expect(found).toHaveLength(40);
    expect(await mergePendingLists(database.db)).toBeGreaterThan(0);
    expect(await mergePendingLists(database.db)).toBe(0);
    expect(await heard('orbit first')).toEqual(found);
    // a typo probe reads the merged tree: "orbitt" still finds the lines
    expect(await heard('orbitt first', 1)).toEqual(found);
  });

  it('analyzes a search table once a tenth of it changed, so the typo probes know its common words', async () => {
    const frequency = new PostgresWordFrequency(database.db);
    const table = 'subtitle_fragments_search';
    expect((await frequency.counts(table)).words.has('orbit')).toBe(false);
    // the lines above are most of the table; PostgreSQL counts the changes within a few seconds
    const words = await waitFor(
      async () => {
        await index.tidy();
        frequency.forget(table);
        const counts = await frequency.counts(table);
        return counts.words.has('orbit') && counts.words;
      },
      20_000,
      'the subtitle search table to be analyzed',
    );
    expect(words.get('orbit')).toBeGreaterThan(1_000);
    expect(await refreshSearchStatistics(database.db)).toEqual([]);
    expect(await heard('orbit first')).toHaveLength(40);
  });
});

describe('the server tidying the search index', () => {
  it('reports a failure once until a tidy succeeds, and keeps trying', async () => {
    const outcomes = [new Error('disk full'), new Error('disk full'), 3, new Error('disk full')];
    const warned: unknown[] = [];
    const tidying = new SearchIndexTidying(
      {
        tidy: async () => {
          const next = outcomes.shift();
          if (next instanceof Error) throw next;
          return next ?? 0;
        },
      },
      (error) => warned.push(error),
    );
    for (let i = 0; i < 4; i++) await tidying.once();
    expect(outcomes).toEqual([]);
    expect(warned.map((e) => (e as Error).message)).toEqual(['disk full', 'disk full']);
  });
});
