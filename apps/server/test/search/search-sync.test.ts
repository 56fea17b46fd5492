import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSearchCommand } from '../../src/cli/search.command.ts';
import { makeVideo } from '../factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from '../helpers/app.ts';
import { ENGINES } from '../helpers/database.ts';
import { IDS, insertFragment, searchAs, seedSearchLibrary } from './search-seed.ts';

const MARK = (word: string) => `<span class="settings-current">${word}</span>`;

describe.each(ENGINES)('search typo tolerance, paging and index upkeep on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  beforeAll(async () => {
    t = await createTestApp(engine);
    user = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    await seedSearchLibrary(t.database.db);
  });
  afterAll(() => t.close());

  const results = (query: string, extra = '') => searchAs(user)(query, extra);
  const videoIds = async (query: string, extra = '') =>
    (await results(query, extra)).video_results.map((v: { youtube_id: string }) => v.youtube_id);

  // "Neapolitan Pizza Dough": one edit anywhere in a word of five or more letters still finds the title
  it.each([
    ['substitution', 'neapolitam'],
    ['deletion', 'neapoltan'],
    ['insertion', 'neapollitan'],
    ['first letter', 'meapolitan'],
    ['missing first letter', 'eapolitan'],
    ['transposition', 'naepolitan'],
  ])('finds the title despite a one-letter typo (%s) in simple and video: search', async (_kind, typo) => {
    expect(await videoIds(typo)).toEqual([IDS.pizza]);
    expect(await videoIds(`${typo} pizza`)).toEqual([IDS.pizza]);
    expect(await videoIds(`video:${typo} `)).toEqual([IDS.pizza]);
  });

  it('tolerates typos in subtitle lines and comments and highlights the word that was meant', async () => {
    const { fulltext_results: lines } = await results('full:beautifull sourdough ');
    expect(lines.map((l: { subtitle_line: string }) => l.subtitle_line)).toEqual([
      `Today we bake a ${MARK('beautiful')} ${MARK('sourdough')} loaf`,
    ]);
    const { comment_results: comments } = await results('comment:recipie');
    expect(comments).toHaveLength(2);
  });

  it('typo-tolerates channel and playlist names', async () => {
    const { channel_results: channels, playlist_results: playlists } = await results('cookimg');
    expect(channels.map((c: { channel_id: string }) => c.channel_id)).toEqual([IDS.cook]);
    expect(playlists).toEqual([]);
    const found = await results('orbitak');
    expect(found.playlist_results.map((p: { playlist_id: string }) => p.playlist_id)).toEqual([
      IDS.orbitList,
    ]);
  });

  it('does not widen correctly spelled words, short words, or anything with fuzzy:no', async () => {
    // "bread" exists, so "bread" does not also find "break"-like words; "dogh" is too short to be a typo
    expect(await videoIds('bread ')).toEqual([IDS.sourdough]);
    expect(await videoIds('video:dogh ')).toEqual([]);
    expect(await videoIds('video:meapolitan fuzzy:no')).toEqual([]);
    expect(await videoIds('video:meapolitan fuzzy:0')).toEqual([]);
    expect(await videoIds('video:meapolitan fuzzy:1')).toEqual([IDS.pizza]);
  });

  it('allows two typing slips with fuzzy:2 but not by default', async () => {
    expect(await videoIds('video:neapolotam ')).toEqual([]);
    expect(await videoIds('video:neapolotam fuzzy:2')).toEqual([IDS.pizza]);
  });

  it('pages every section with page and page_size', async () => {
    for (let i = 1; i <= 35; i++) {
      await makeVideo(t.database.db, {
        youtube_id: `vGarden${String(i).padStart(4, '0')}`,
        title: `Gardening tips ${i}`,
      });
    }
    const first = await videoIds('gardening');
    const second = await videoIds('gardening', '&page=2');
    const third = await videoIds('gardening', '&page=3');
    expect([first.length, second.length, third.length]).toEqual([30, 5, 0]);
    expect(new Set([...first, ...second]).size).toBe(35);
    expect(await videoIds('gardening', '&page=0')).toEqual(first);
    expect(await videoIds('gardening', '&page=1')).toEqual(first);
    expect(await videoIds('gardening', '&page=2&page_size=10')).toEqual(first.slice(10, 20));
  });

  it('follows changes to titles and channel names, and forgets deleted videos with their lines and comments', async () => {
    const { db } = t.database;
    await db
      .updateTable('videos')
      .set({ title: 'Amiga Chiptunes' })
      .where('youtube_id', '=', IDS.amiga)
      .execute();
    expect(await videoIds('chiptunes')).toEqual([IDS.amiga]);
    expect(await videoIds('demoscene')).toEqual([]);

    await db
      .updateTable('channels')
      .set({ channel_name: 'Orbit Weekly' })
      .where('channel_id', '=', IDS.space)
      .execute();
    expect(await videoIds('video:rocket channel:orbit weekly')).toEqual([IDS.rocket]);
    expect(await videoIds('video:rocket channel:station')).toEqual([]);
    expect((await results('orbit weekly')).channel_results).toHaveLength(1);

    await insertFragment(db, IDS.rocket, 'en', 'auto', 2, 'Stage separation happens now');
    expect((await results('full:separation')).fulltext_results).toHaveLength(1);
    // a new line's words are typo-tolerated at once (SQLite: the word list of migration 0042 follows)
    expect((await results('full:separatiom ')).fulltext_results).toHaveLength(1);
    // a phrase is found through the word pairs on SQLite: they follow an edited line too
    expect((await results('full:stage separation happens')).fulltext_results).toHaveLength(1);
    await db
      .updateTable('subtitle_fragments')
      .set({ line: 'Fairing separation happens now' })
      .where('youtube_id', '=', IDS.rocket)
      .where('fragment_index', '=', 2)
      .execute();
    expect((await results('full:stage separation happens')).fulltext_results).toEqual([]);
    expect((await results('full:fairing separation')).fulltext_results).toHaveLength(1);
    expect((await results('full:fairimg ')).fulltext_results).toHaveLength(1);
    await db.deleteFrom('videos').where('youtube_id', '=', IDS.rocket).execute();
    expect((await results('full:separation')).fulltext_results).toEqual([]);
    // the word list keeps a deleted line's words (until a rebuild): widened with one, a query finds nothing
    expect((await results('full:fairimg ')).fulltext_results).toEqual([]);
    expect((await results('full:orbit')).fulltext_results).toEqual([]);
    expect((await results('comment:rocket')).comment_results).toEqual([]);
    expect(await videoIds('rocket')).toEqual([]);
  });

  it('keeps the index right whichever conflict clause a writer uses', async () => {
    const { db } = t.database;
    const row = await db
      .selectFrom('videos')
      .selectAll()
      .where('youtube_id', '=', IDS.pizza)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('videos')
      .values(row)
      .onConflict((oc) => oc.column('youtube_id').doUpdateSet({ title: 'Calzone Night' }))
      .execute();
    expect(await videoIds('calzone')).toEqual([IDS.pizza]);
    expect(await videoIds('neapolitan ')).toEqual([]);
    if (engine === 'sqlite') {
      // REPLACE deletes the old row without firing delete triggers: the index must still hold one entry
      await sql`INSERT OR REPLACE INTO videos SELECT * FROM videos WHERE youtube_id = ${IDS.pizza}`.execute(
        db,
      );
      await sql`UPDATE videos SET title = 'Stromboli Evening' WHERE youtube_id = ${IDS.pizza}`.execute(db);
      await sql`INSERT OR IGNORE INTO videos SELECT * FROM videos WHERE youtube_id = ${IDS.pizza}`.execute(
        db,
      );
      expect(await videoIds('stromboli')).toEqual([IDS.pizza]);
      expect(await videoIds('calzone')).toEqual([]);
    }
  });

  /** PostgreSQL: the search side tables' own indexes (the GIN ones) with their definitions, options included. */
  const searchIndexes = async () =>
    (
      await sql<{ definition: string }>`SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relname LIKE '%\_search' AND t.relnamespace = current_schema()::regnamespace
        ORDER BY 1`.execute(t.database.db)
    ).rows.map((row) => row.definition);

  it('rebuilds the index from the tables with `tubekeeper search rebuild`', async () => {
    const indexesBefore = engine === 'postgres' ? await searchIndexes() : [];
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      expect(await runSearchCommand(t.container.searchIndex, ['rebuild'])).toBe(0);
    } finally {
      log.mockRestore();
    }
    const output = lines.join('\n');
    expect(output).toMatch(/videos\s+40/);
    expect(output).toMatch(/channels\s+\d+/);
    expect(output).toMatch(/subtitle_fragments\s+3/);
    expect(output).toMatch(/comments\s+2/);
    expect(await videoIds('video:sourdough active:yes')).toEqual([IDS.sourdough, IDS.tagged, IDS.pizza]);
    expect((await results('full:beautiful')).fulltext_results).toHaveLength(1);
    expect((await results('full:a beautiful sourdough')).fulltext_results).toHaveLength(1);
    if (engine === 'sqlite') {
      const pairs = await sql<{ n: number }>`SELECT count(*) AS n FROM subtitle_pairs_fts
        WHERE subtitle_pairs_fts MATCH '"beautiful_sourdough"'`.execute(t.database.db);
      expect(pairs.rows[0]?.n).toBe(1);
    } else {
      // dropped for the fill and built again: the same indexes, options included (no pending list, 0041)
      expect(indexesBefore.some((d) => d.includes('tk_word_pair_keys(doc)'))).toBe(true);
      expect(indexesBefore.some((d) => d.includes('fastupdate'))).toBe(true);
      expect(await searchIndexes()).toEqual(indexesBefore);
    }
    // the typo probes' word list is made again from the lines: the deleted video's words are gone
    const listed = await sql<{ word: string }>`SELECT word FROM subtitle_words
      WHERE word IN ('fairing', 'separation', 'beautiful', 'sourdough') ORDER BY word`.execute(t.database.db);
    expect(listed.rows.map((r) => r.word)).toEqual(['beautiful', 'sourdough']);
    const remaining = [...(await videoIds('calzone')), ...(await videoIds('stromboli'))];
    expect(remaining).toEqual([IDS.pizza]);
  });
});
