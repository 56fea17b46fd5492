/* eslint-disable @typescript-eslint/no-explicit-any -- the database before migration 0042 is migrated by hand */
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrator.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

/**
 * Migration 0042 lists the words of the subtitle lines for the typo probes. An archive of the
 * version before it comes out with the words of the lines it already had, and the lines written after it
 * add theirs.
 */
describe.each(ENGINES)('migration 0042 (the subtitle lines word list) on %s', (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('lists the words of the lines already there, and of every line written after', async () => {
    database = await createTestDatabase(engine, '0041_search_gin_direct');
    const db = database.db as unknown as Kysely<any>;
    await db
      .insertInto('channels')
      .values({ channel_id: 'UCmigrated0000000000000', channel_name: 'Old', channel_last_refresh: 1 })
      .execute();
    await db
      .insertInto('videos')
      .values({
        youtube_id: 'wordsVideo1',
        channel_id: 'UCmigrated0000000000000',
        title: 'Old video',
        published: 1,
        date_downloaded: 1,
        vid_last_refresh: 1,
        media_url: 'x/wordsVideo1.mp4',
      })
      .execute();
    const line = (fragment_index: number, text: string) =>
      db
        .insertInto('subtitle_fragments')
        .values({
          youtube_id: 'wordsVideo1',
          lang: 'en',
          source: 'user',
          fragment_index,
          start_ms: fragment_index * 1000,
          end_ms: fragment_index * 1000 + 900,
          line: text,
        })
        .execute();
    await line(1, 'Liftoff of the Saturn rocket');
    await line(2, 'The rocket clears the tower');
    await migrateToLatest(database.db, engine);
    const words = async () =>
      (await sql<{ word: string }>`SELECT word FROM subtitle_words ORDER BY word`.execute(db)).rows.map(
        (r) => r.word,
      );
    expect(await words()).toEqual(['clears', 'liftoff', 'rocket', 'saturn', 'the', 'tower']);
    await line(3, 'Stage separation of Apollo');
    expect(await words()).toEqual([
      'apollo',
      'clears',
      'liftoff',
      'rocket',
      'saturn',
      'separation',
      'stage',
      'the',
      'tower',
    ]);
    await db
      .updateTable('subtitle_fragments')
      .set({ line: 'The Zeppelin' })
      .where('fragment_index', '=', 1)
      .execute();
    expect(await words()).toContain('zeppelin');
  });
});
