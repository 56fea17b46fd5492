/* eslint-disable @typescript-eslint/no-explicit-any -- the database before migration 0030 has columns today's types lack */
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrator.ts';
import { watchesOf } from './factories.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

/**
 * Migration 0030 makes watched per user. A database of the version before it, with videos watched for
 * everyone (`videos.watched`), comes out with those videos watched by every existing user, dated as before,
 * the kept totals right, and the old columns gone.
 */
describe.each(ENGINES)('migration 0030 (watched per user) on %s', (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('gives every existing user the videos watched before, with their dates and totals', async () => {
    database = await createTestDatabase(engine, '0029_subscription_scan_error');
    const db = database.db as unknown as Kysely<any>;
    const user = (username: string) =>
      db
        .insertInto('users')
        .values({ username, password_hash: 'x', date_joined: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.id));
    const [ann, ben] = [await user('ann'), await user('ben')];
    await db
      .insertInto('channels')
      .values({ channel_id: 'UCmigrated0000000000000', channel_name: 'Old', channel_last_refresh: 1 })
      .execute();
    const video = (youtube_id: string, fields: Record<string, unknown>) =>
      db
        .insertInto('videos')
        .values({
          youtube_id,
          channel_id: 'UCmigrated0000000000000',
          title: youtube_id,
          published: 1,
          date_downloaded: 1,
          vid_last_refresh: 1,
          media_url: `x/${youtube_id}.mp4`,
          media_size: 100,
          ...fields,
        })
        .execute();
    await video('seenLong001', { duration: 100.25, watched: 1, watched_date: 5_000 });
    await video('seenShort01', { duration: 30.5, vid_type: 'shorts', watched: 1, watched_date: 7_000 });
    // an upstream restore could leave a watched video without a date
    await video('seenNoDate1', { duration: 10, watched: 1, watched_date: null });
    await video('notSeen0001', { duration: 600, watched: 0 });

    expect(await migrateToLatest(db, engine)).toContain('0030_per_user_watched');

    const now = database.db;
    for (const id of [ann, ben]) {
      const stats = await now
        .selectFrom('user_watch_totals')
        .select(['vid_type', 'doc_count', 'duration_ms'])
        .where('user_id', '=', id)
        .orderBy('vid_type')
        .execute();
      expect(stats.map((r) => [r.vid_type, Number(r.doc_count), Number(r.duration_ms)])).toEqual([
        ['shorts', 1, 30_500],
        ['videos', 2, 110_250],
      ]);
    }
    expect(await watchesOf(now, 'seenLong001')).toEqual([
      { user_id: ann, watched_date: 5_000 },
      { user_id: ben, watched_date: 5_000 },
    ]);
    expect(await watchesOf(now, 'seenShort01')).toEqual([
      { user_id: ann, watched_date: 7_000 },
      { user_id: ben, watched_date: 7_000 },
    ]);
    expect(await watchesOf(now, 'seenNoDate1')).toEqual([
      { user_id: ann, watched_date: null },
      { user_id: ben, watched_date: null },
    ]);
    expect(await watchesOf(now, 'notSeen0001')).toEqual([]);
    // the archive's totals, keyed by type and active only now
    const totals = await now
      .selectFrom('video_totals')
      .select(['vid_type', 'active', 'doc_count', 'duration_ms'])
      .orderBy('vid_type')
      .execute();
    expect(totals.map((r) => [r.vid_type, r.active, Number(r.doc_count), Number(r.duration_ms)])).toEqual([
      ['shorts', 1, 1, 30_500],
      ['videos', 1, 3, 710_250],
    ]);
    // one truth: the global columns are gone
    await expect(sql`SELECT watched FROM videos`.execute(now)).rejects.toThrow();
    await expect(sql`SELECT watched_date FROM videos`.execute(now)).rejects.toThrow();

    // the triggers keep everything after: a deleted video takes its marks and their figures with it,
    // a longer video makes its watchers' figures longer, a mark moves the list version
    const version = async () =>
      Number(
        (await now.selectFrom('video_list_version').select('version').executeTakeFirstOrThrow()).version,
      );
    const before = await version();
    await now.deleteFrom('videos').where('youtube_id', '=', 'seenLong001').execute();
    await now.updateTable('videos').set({ duration: 40.5 }).where('youtube_id', '=', 'seenShort01').execute();
    await now
      .deleteFrom('video_watches')
      .where('user_id', '=', ben)
      .where('youtube_id', '=', 'seenNoDate1')
      .execute();
    expect(await version()).toBeGreaterThan(before);
    const after = await now
      .selectFrom('user_watch_totals')
      .select(['user_id', 'vid_type', 'doc_count', 'duration_ms'])
      .where('doc_count', '>', 0)
      .orderBy('user_id')
      .orderBy('vid_type')
      .execute();
    expect(after.map((r) => [r.user_id, r.vid_type, Number(r.doc_count), Number(r.duration_ms)])).toEqual([
      [ann, 'shorts', 1, 40_500],
      [ann, 'videos', 1, 10_000],
      [ben, 'shorts', 1, 40_500],
    ]);
  });
});
