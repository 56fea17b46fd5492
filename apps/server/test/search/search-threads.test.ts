import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchThreads } from '../../src/db/search/search-threads.ts';
import { SqliteSearchIndex } from '../../src/db/search/search.sqlite.ts';
import { queryWords } from '../../src/db/search/search-text.ts';
import { VideoQueryRepository } from '../../src/repositories/video-query.repository.ts';
import { VideoListPages } from '../../src/services/video-list-pages.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { IDS, insertFragment, seedSearchLibrary } from './search-seed.ts';

/** The server searches SQLite on worker threads (TK_SEARCH_THREADS); they must answer as the main thread does. */
describe('search on worker threads', () => {
  let database: TestDatabase;
  let local: SqliteSearchIndex;
  let threads: SearchThreads;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSearchLibrary(database.db);
    local = new SqliteSearchIndex(database.db);
    // with a memory map (TK_SEARCH_MMAP_MB, off by default), so reads of freshly written pages are checked
    // through it too
    const file = path.join(database.dataDir, 'tubekeeper.db');
    threads = new SearchThreads({ file, mmapBytes: 256 << 20 }, 2, local);
  });
  afterAll(async () => {
    await threads.close();
    await database.cleanup();
  });

  const page = { limit: 30, offset: 0 };
  const words = (text: string) => ({ words: queryWords(text), prefixLast: false, typos: 0 as const });

  it('finds what the main thread finds, in every section', async () => {
    const queries = [
      () => [
        local.videos({ words: words('sourdough'), scope: 'all' }, page),
        threads.videos({ words: words('sourdough'), scope: 'all' }, page),
      ],
      () => [
        local.channels({ words: words('space'), scope: 'all' }, page),
        threads.channels({ words: words('space'), scope: 'all' }, page),
      ],
      () => [
        local.fragments({ words: words('golden brown') }, page),
        threads.fragments({ words: words('golden brown') }, page),
      ],
      () => [
        local.comments({ words: words('recipe') }, page),
        threads.comments({ words: words('recipe') }, page),
      ],
    ];
    for (const query of queries) {
      const [here, there] = await Promise.all(query());
      expect(there).toEqual(here);
      expect(here!.hits.length).toBeGreaterThan(0);
    }
  });

  it('answers many searches at once, spread over the threads', async () => {
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        threads.fragments({ words: words(i % 2 ? 'orbit' : 'sourdough') }, page),
      ),
    );
    expect(
      all.every(
        (r, i) => r.hits.length === 1 && r.hits[0]!.youtube_id === (i % 2 ? IDS.rocket : IDS.sourdough),
      ),
    ).toBe(true);
  });

  it('sees what the main connection wrote as soon as it is committed', async () => {
    expect((await threads.fragments({ words: words('touchdown') }, page)).hits).toEqual([]);
    await insertFragment(database.db, IDS.rocket, 'en', 'auto', 7, 'Touchdown confirmed');
    expect((await threads.fragments({ words: words('touchdown') }, page)).hits).toHaveLength(1);
  });

  it('sees a write once it is checkpointed into the file it reads through the memory map', async () => {
    await insertFragment(database.db, IDS.rocket, 'en', 'auto', 8, 'Splashdown nominal');
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    expect((await threads.fragments({ words: words('splashdown') }, page)).hits).toHaveLength(1);
    await sql`DELETE FROM subtitle_fragments WHERE line = 'Splashdown nominal'`.execute(database.db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    expect((await threads.fragments({ words: words('splashdown') }, page)).hits).toEqual([]);
  });

  it('reports a failing search as an error, and keeps answering', async () => {
    const bad = { words: words('orbit'), lang: 'en' } as const;
    // an offset SQLite refuses makes the engine throw inside the thread
    await expect(threads.fragments(bad, { limit: 30, offset: Number.NaN })).rejects.toThrow(/search failed/);
    expect((await threads.fragments(bad, page)).hits).toHaveLength(1);
  });

  it('reads video pages too, as the main thread does, ahead of the searches waiting', async () => {
    const one = new SearchThreads({ file: path.join(database.dataDir, 'tubekeeper.db') }, 1, local);
    const here = new VideoListPages(new VideoQueryRepository(database.db, 'sqlite'));
    const pages = one.videoPagesWith(here);
    const request = {
      userId: 1,
      query: { sort: 'views' as const },
      url: '/api/video/?sort=views',
      pageSize: 3,
    };
    try {
      expect(await pages.pageParts(request)).toEqual(await here.pageParts(request));
      const answered: string[] = [];
      // one thread holds four calls: the other searches wait, and the page asked last goes before them
      const searches = Array.from({ length: 12 }, (_, i) =>
        one.fragments({ words: words('orbit') }, page).then(() => answered.push(`search ${i}`)),
      );
      const asked = pages.pageParts(request).then(() => answered.push('page'));
      await Promise.all([...searches, asked]);
      expect(answered.indexOf('page')).toBeLessThan(8); // in the order asked it would be last (12)
    } finally {
      await one.close();
    }
  });

  it('starts threads with the first search and stops them when idle', async () => {
    const file = path.join(database.dataDir, 'tubekeeper.db');
    const lazy = new SearchThreads({ file }, 2, local, 300);
    try {
      expect(lazy.running()).toBe(0);
      expect((await lazy.fragments({ words: words('orbit') }, page)).hits).toHaveLength(1);
      expect(lazy.running()).toBe(2);
      await vi.waitFor(() => expect(lazy.running()).toBe(0), { timeout: 5000 });
      // and start again for the next one
      expect((await lazy.fragments({ words: words('orbit') }, page)).hits).toHaveLength(1);
    } finally {
      await lazy.close();
    }
  });

  it('searches on the main connection when no thread can start', async () => {
    const lost = new SearchThreads({ file: path.join(database.dataDir, 'missing.db') }, 1, local);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      // the search that found out is answered too, and the ones after it
      expect((await lost.fragments({ words: words('orbit') }, page)).hits).toHaveLength(1);
      expect((await lost.fragments({ words: words('orbit') }, page)).hits).toHaveLength(1);
      expect(lost.running()).toBe(0);
      // the operator is told once why searches became slower
      const said = stderr.mock.calls.map(([text]) => String(text)).filter((t) => t.includes('Read threads'));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/cannot start.*main thread/);
    } finally {
      stderr.mockRestore();
      await lost.close();
    }
  });

  it('answers every search asked before a close: found, or refused as shutting down', async () => {
    const closing = new SearchThreads({ file: path.join(database.dataDir, 'tubekeeper.db') }, 1, local);
    const asked = Promise.allSettled(
      Array.from({ length: 10 }, () => closing.fragments({ words: words('orbit') }, page)),
    );
    await closing.close();
    const settled = await asked;
    // none left hanging: the one thread held four, the rest waited for it
    expect(settled).toHaveLength(10);
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') expect(outcome.value.hits).toHaveLength(1);
      else expect(String(outcome.reason)).toMatch(/shutting down/);
    }
    expect(settled.some((o) => o.status === 'rejected')).toBe(true);
  });

  it('refuses searches once closed', async () => {
    const spare = new SearchThreads({ file: path.join(database.dataDir, 'tubekeeper.db') }, 1, local);
    expect((await spare.fragments({ words: words('orbit') }, page)).hits).toHaveLength(1);
    await spare.close();
    await expect(spare.fragments({ words: words('orbit') }, page)).rejects.toThrow(/shutting down/);
  });
});
