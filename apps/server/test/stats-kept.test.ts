import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatsRepository } from '../src/repositories/stats.repository.ts';
import { VideoPageTokensRepository } from '../src/repositories/video-page-tokens.repository.ts';
import { KeptAnswers } from '../src/services/kept-answers.ts';
import { StatsService } from '../src/services/stats.service.ts';
import { makeChannel, makeVideo } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { createTestDatabase, ENGINES, writeElsewhere, type TestDatabase } from './helpers/database.ts';

describe('KeptAnswers', () => {
  it('reads once per state: the same state gets the kept answer, a new state reads again', async () => {
    const kept = new KeptAnswers();
    let reads = 0;
    const read = async () => ++reads;
    expect(await kept.answer('k', 'one', read)).toBe(1);
    expect(await kept.answer('k', 'one', read)).toBe(1);
    expect(await kept.answer('k', 'two', read)).toBe(2);
    expect(await kept.answer('other', 'two', read)).toBe(3);
    expect(await kept.answer('k', 'two', read)).toBe(2);
    // back to an older state: the entry now holds 'two', so 'one' is read again
    expect(await kept.answer('k', 'one', read)).toBe(4);
  });

  it('shares one read among the callers asking at the same state, and keeps nothing of a failed read', async () => {
    const kept = new KeptAnswers();
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      reads += 1;
      await gate;
      return reads;
    };
    const waiting = Array.from({ length: 32 }, () => kept.answer('k', 's', read));
    release();
    expect(await Promise.all(waiting)).toEqual(Array(32).fill(1));
    expect(reads).toBe(1);

    await expect(kept.answer('k', 'broken', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await kept.answer('k', 'broken', async () => 'read again')).toBe('read again');
  });
});

/**
 * Issue 19: the biggest channels and the download history are kept under the archive's token. What must
 * hold is that no write, from this process or another (a worker indexing a download), leaves them stale.
 */
describe.each(ENGINES)('kept statistics follow every write, on %s', (engine) => {
  let t: TestApp;
  let viewer: Client;
  const channelId = 'UCkeptkeptkeptkeptkeptk1';

  beforeAll(async () => {
    t = await createTestApp(engine, { TZ: 'UTC' });
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    await makeChannel(t.database.db, { channel_id: channelId, channel_name: 'first name' });
    await makeVideo(t.database.db, { youtube_id: 'kept0000001', channel_id: channelId, media_size: 1000 });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await viewer.request({ method: 'GET', url, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const biggest = async () =>
    (await get('/api/stats/biggestchannels/?order=media_size')) as {
      id: string;
      name: string;
      doc_count: number;
      media_size: number;
    }[];
  const today = () => new Date().toISOString().slice(0, 10);
  const history = async () => (await get('/api/stats/downloadhist/')) as { date: string; count: number }[];

  /** A write on a connection of its own, as another process makes it. */
  const elsewhere = (statement: string) => writeElsewhere(t.database, statement);

  it('a rename, a new download and a delete written elsewhere are in the next answer', async () => {
    expect(await biggest()).toMatchObject([
      { id: channelId, name: 'First Name', doc_count: 1, media_size: 1000 },
    ]);
    expect(await history()).toEqual([]); // the factory's download dates are long past

    await elsewhere(`UPDATE channels SET channel_name = 'second name' WHERE channel_id = '${channelId}'`);
    expect(await biggest()).toMatchObject([{ name: 'Second Name' }]);

    await elsewhere(
      `UPDATE videos SET date_downloaded = ${Date.now()}, media_size = 5000 WHERE youtube_id = 'kept0000001'`,
    );
    expect(await biggest()).toMatchObject([{ doc_count: 1, media_size: 5000 }]);
    expect(await history()).toEqual([{ date: today(), count: 1, media_size: 5000 }]);

    const other = await makeVideo(t.database.db, {
      channel_id: channelId,
      media_size: 7000,
      date_downloaded: Date.now(),
    });
    expect(await biggest()).toMatchObject([{ doc_count: 2, media_size: 12_000 }]);
    expect(await history()).toEqual([{ date: today(), count: 2, media_size: 12_000 }]);

    await elsewhere(`DELETE FROM videos WHERE youtube_id = '${other.youtube_id}'`);
    expect(await biggest()).toMatchObject([{ doc_count: 1, media_size: 5000 }]);
    expect(await history()).toEqual([{ date: today(), count: 1, media_size: 5000 }]);
  });

  it('a deleted channel leaves the ranking with its videos', async () => {
    const res = await viewer.request({ method: 'GET', url: '/api/stats/biggestchannels/' });
    expect(res.json()).toHaveLength(1);
    await elsewhere(`DELETE FROM videos WHERE channel_id = '${channelId}'`);
    await elsewhere(`DELETE FROM channels WHERE channel_id = '${channelId}'`);
    expect(await biggest()).toEqual([]);
    expect(await history()).toEqual([]);
  });
});

describe.each(ENGINES)('the kept download history at midnight, on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.cleanup());

  it('lets the oldest day go when the clock passes midnight, with no write in between', async () => {
    const day = 86_400_000;
    let clock = Date.parse('2026-03-10T12:00:00Z');
    const tokens = new VideoPageTokensRepository(database.db, database.engine);
    const stats = new StatsService(
      new StatsRepository(database.db),
      'UTC',
      () => tokens.archiveToken(),
      () => clock,
    );
    // downloaded on the oldest day the history covers (seven days before today)
    await makeVideo(database.db, { date_downloaded: Date.parse('2026-03-03T08:00:00Z'), media_size: 10 });
    expect(await stats.downloadHistory()).toEqual([{ date: '2026-03-03', count: 1, media_size: 10 }]);
    clock += day / 4; // 18:00, the same day: kept
    expect(await stats.downloadHistory()).toEqual([{ date: '2026-03-03', count: 1, media_size: 10 }]);
    clock += day / 2; // 06:00 the next day: 3 March is eight days back
    expect(await stats.downloadHistory()).toEqual([]);
  });
});
