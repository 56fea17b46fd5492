// A list page of GET /api/video/ is kept until a write changes what it shows (services/video-page-cache.ts,
// migration 0037). Every kind of write a page shows must reach the next answer, made on its own
// connection as another process (a CLI command, a PostgreSQL worker) would make it; one user's marks and
// positions must leave another user's kept pages alone.
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRow } from '../src/db/tables.ts';
import { VideoPageTokensRepository } from '../src/repositories/video-page-tokens.repository.ts';
import { VideoQueryRepository } from '../src/repositories/video-query.repository.ts';
import { VideoListPages } from '../src/services/video-list-pages.ts';
import { PlayerChanges } from '../src/services/player-changes.ts';
import { VideoPageCache } from '../src/services/video-page-cache.ts';
import { makeChannel, makePlaylist, makeVideo } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES, writeElsewhere } from './helpers/database.ts';

interface WireVideo {
  youtube_id: string;
  title: string;
  channel: { channel_name: string };
  player: { watched: boolean; position?: number };
  subtitles: { lang: string }[];
  playlist: string[];
}

const VARIANTS = [
  ...ENGINES.map((engine) => ({ engine, readThreads: false })),
  { engine: 'sqlite' as const, readThreads: true },
];

describe.each(VARIANTS)('kept video list pages on $engine (read threads: $readThreads)', (variant) => {
  const { engine, readThreads } = variant;
  let t: TestApp;
  let alice: { id: number; client: Client };
  let bob: { id: number; client: Client };
  let video: VideoRow;
  let other: VideoRow;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, (database) =>
      readThreads ? { searchThreads: { file: path.join(database.dataDir, 'tubekeeper.db'), count: 2 } } : {},
    );
    const user = async (username: string) => {
      const id = (await createUser(t, { username })).id;
      return { id, client: await sessionClient(t, id) };
    };
    alice = await user('alice');
    bob = await user('bob');
    const channel = await makeChannel(t.database.db, { channel_name: 'Kept Channel' });
    video = await makeVideo(t.database.db, { channel_id: channel.channel_id, title: 'First title' });
    other = await makeVideo(t.database.db, { channel_id: channel.channel_id, title: 'Other video' });
  });
  afterAll(() => t.close());

  const list = async (as = alice.client, query = 'sort=published&order=desc') => {
    const res = await as.request({ method: 'GET', url: `/api/video/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: WireVideo[] }).data;
  };
  const shown = async (as = alice.client) => (await list(as)).find((v) => v.youtube_id === video.youtube_id);

  /** A write on a connection of its own, as another process makes it. */
  const elsewhere = (statement: string) => writeElsewhere(t.database, statement);

  it('a title, a channel name, a subtitle and a playlist entry written elsewhere are in the next page', async () => {
    expect((await shown())?.title).toBe('First title');
    expect((await shown())?.title).toBe('First title'); // now kept
    await elsewhere(`UPDATE videos SET title = 'Second title' WHERE youtube_id = '${video.youtube_id}'`);
    expect((await shown())?.title).toBe('Second title');

    await elsewhere(`UPDATE channels SET channel_name = 'Renamed' WHERE channel_id = '${video.channel_id}'`);
    expect((await shown())?.channel.channel_name).toBe('Renamed');

    await elsewhere(
      `INSERT INTO subtitles (youtube_id, lang, name, source, ext, media_url)
       VALUES ('${video.youtube_id}', 'de', 'Deutsch', 'user', 'vtt', 'x/${video.youtube_id}.de.vtt')`,
    );
    expect((await shown())?.subtitles.map((s) => s.lang)).toEqual(['de']);

    const playlist = await makePlaylist(t.database.db);
    expect((await shown())?.playlist).toEqual([]);
    await elsewhere(
      `INSERT INTO playlist_entries (playlist_id, idx, youtube_id) VALUES ('${playlist.playlist_id}', 0, '${video.youtube_id}')`,
    );
    expect((await shown())?.playlist).toEqual([playlist.playlist_id]);
  });

  it("a user's mark and position are in their next page, and another user's page does not change", async () => {
    expect((await shown(bob.client))?.player.watched).toBe(false);
    expect((await shown())?.player).toMatchObject({ watched: false });
    await elsewhere(
      `INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
       VALUES (${alice.id}, '${video.youtube_id}', 1700000000, 'videos', 60000)`,
    );
    expect((await shown())?.player.watched).toBe(true);
    expect((await shown(bob.client))?.player.watched).toBe(false);

    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${alice.id}, '${other.youtube_id}', 42, 1700000000)`,
    );
    expect((await list()).find((v) => v.youtube_id === other.youtube_id)?.player.position).toBe(42);
    await elsewhere(`UPDATE watch_progress SET position = 43 WHERE user_id = ${alice.id}`);
    expect((await list()).find((v) => v.youtube_id === other.youtube_id)?.player.position).toBe(43);
    await elsewhere(`DELETE FROM video_watches WHERE user_id = ${alice.id}`);
    expect((await shown())?.player.watched).toBe(false);
  });

  it("users asking at once get their own pages' states, read after they asked", async () => {
    const tokens = new VideoPageTokensRepository(t.database.db, t.database.engine);
    const [alices, bobs] = await Promise.all([tokens.tokensOf(alice.id), tokens.tokensOf(bob.id)]);
    expect(alices.archive).toBe(bobs.archive);
    const reading = tokens.tokensOf(bob.id); // may still be out when the write below commits
    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${alice.id}, '${other.youtube_id}', 5, 1700000000)
       ON CONFLICT (user_id, youtube_id) DO UPDATE SET position = 5`,
    );
    const [after, bobsAfter] = await Promise.all([
      tokens.tokensOf(alice.id),
      tokens.tokensOf(bob.id),
      reading,
    ]);
    expect(after.user).not.toBe(alices.user);
    expect(bobsAfter).toEqual(bobs);
    const [aliceList, bobList] = await Promise.all([list(), list(bob.client)]);
    expect(aliceList.find((v) => v.youtube_id === other.youtube_id)?.player.position).toBe(5);
    expect(bobList.find((v) => v.youtube_id === other.youtube_id)?.player.position).toBeUndefined();
  });

  it("one user's marks and positions leave another user's state as it was, the archive's writes do not", async () => {
    const tokens = new VideoPageTokensRepository(t.database.db, t.database.engine);
    const before = await tokens.tokensOf(bob.id);
    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${alice.id}, '${video.youtube_id}', 7, 1700000000)`,
    );
    await elsewhere(`UPDATE watch_progress SET position = 8 WHERE user_id = ${alice.id}`);
    expect(await tokens.tokensOf(bob.id)).toEqual(before);
    const alices = await tokens.tokensOf(alice.id);
    await elsewhere(`UPDATE watch_progress SET position = 9 WHERE user_id = ${alice.id}`);
    expect((await tokens.tokensOf(alice.id)).user).not.toBe(alices.user);
    await elsewhere(`UPDATE videos SET view_count = view_count + 1 WHERE youtube_id = '${other.youtube_id}'`);
    expect((await tokens.tokensOf(bob.id)).archive).not.toBe(before.archive);
  });

  it("a saved position leaves the user's marks token (their deep pages' anchors) as it was, a mark does not", async () => {
    const marksToken = async () =>
      String(
        (
          await t.database.db
            .selectFrom('video_page_tokens')
            .select('token')
            .where('scope', '=', -alice.id)
            .executeTakeFirst()
        )?.token,
      );
    await elsewhere(
      `INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
       VALUES (${alice.id}, '${video.youtube_id}', 1700000000, 'videos', 60000)`,
    );
    const marked = await marksToken();
    expect(marked).not.toBe('undefined');
    await elsewhere(`UPDATE watch_progress SET position = 11 WHERE user_id = ${alice.id}`);
    expect(await marksToken()).toBe(marked);
    await elsewhere(`DELETE FROM video_watches WHERE user_id = ${alice.id}`);
    expect(await marksToken()).not.toBe(marked);
  });

  it('a page whose players alone were read again is the page a fresh read gives', async () => {
    const url = '/api/video/?sort=published&order=desc';
    const answer = async () => {
      const res = await alice.client.request({ method: 'GET', url });
      return res.body;
    };
    await answer(); // kept
    await elsewhere(`DELETE FROM video_watches WHERE user_id = ${alice.id}`);
    await elsewhere(
      `INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
       VALUES (${alice.id}, '${other.youtube_id}', 1700000000, 'videos', 60000)`,
    );
    await elsewhere(`DELETE FROM watch_progress WHERE user_id = ${alice.id}`);
    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${alice.id}, '${video.youtube_id}', 12.5, 1700000000)`,
    );
    const kept = await answer();
    const pageSize = (JSON.parse(kept) as { paginate: { page_size: number } }).paginate.page_size;
    const fresh = new VideoListPages(new VideoQueryRepository(t.database.db, engine));
    const query = { sort: 'published', order: 'desc' } as const;
    const parts = await fresh.pageParts({ userId: alice.id, query, url, pageSize });
    expect(kept).toBe(parts.chunks.map((chunk, i) => chunk + (parts.players[i] ?? '')).join(''));
    const players = new Map(
      (JSON.parse(kept) as { data: WireVideo[] }).data.map((v) => [v.youtube_id, v.player]),
    );
    expect(players.get(video.youtube_id)).toMatchObject({ watched: false, position: 12.5 });
    expect(players.get(other.youtube_id)).toMatchObject({ watched: true });
  });

  it("a mark moves a video between the user's watched and unwatched lists at once", async () => {
    const ids = async (watch: string) =>
      (await list(alice.client, `watch=${watch}`)).map((v) => v.youtube_id).sort();
    await elsewhere(`DELETE FROM video_watches WHERE user_id = ${alice.id}`);
    expect(await ids('unwatched')).toEqual([video.youtube_id, other.youtube_id].sort());
    expect(await ids('watched')).toEqual([]);
    await elsewhere(
      `INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
       VALUES (${alice.id}, '${video.youtube_id}', 1700000000, 'videos', 60000)`,
    );
    expect(await ids('unwatched')).toEqual([other.youtube_id]);
    expect(await ids('watched')).toEqual([video.youtube_id]);
    expect(await ids('continue')).toEqual([]);
    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${alice.id}, '${other.youtube_id}', 20, 1700000000)
       ON CONFLICT (user_id, youtube_id) DO UPDATE SET position = 20`,
    );
    expect(await ids('continue')).toEqual([other.youtube_id]);
  });

  it('a position saved for a video on no kept page leaves its players right, one on it shows at once', async () => {
    const elsewhereChannel = await makeChannel(t.database.db, { channel_name: 'Apart' });
    const apart = await makeVideo(t.database.db, { channel_id: elsewhereChannel.channel_id, title: 'Apart' });
    const apartPlayer = async () =>
      (await list(alice.client, `channel=${elsewhereChannel.channel_id}`)).map((v) => v.player.position);
    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${alice.id}, '${apart.youtube_id}', 30, 1700000000)
       ON CONFLICT (user_id, youtube_id) DO UPDATE SET position = 30`,
    );
    expect(await apartPlayer()).toEqual([30]); // kept
    for (const position of [1, 2, 3]) {
      await elsewhere(
        `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
         VALUES (${alice.id}, '${video.youtube_id}', ${position}, 1700000000)
         ON CONFLICT (user_id, youtube_id) DO UPDATE SET position = ${position}`,
      );
      expect(await apartPlayer()).toEqual([30]);
    }
    await elsewhere(`UPDATE watch_progress SET position = 31 WHERE youtube_id = '${apart.youtube_id}'`);
    expect(await apartPlayer()).toEqual([31]);
    // one statement touching both: the page sees it
    await elsewhere(`UPDATE watch_progress SET position = position + 1 WHERE user_id = ${alice.id}`);
    expect(await apartPlayer()).toEqual([32]);
    await elsewhere(`DELETE FROM watch_progress WHERE user_id = ${alice.id}`);
    expect(await apartPlayer()).toEqual([undefined]);
    await elsewhere(`DELETE FROM videos WHERE youtube_id = '${apart.youtube_id}'`);
  });

  it('the changes between two tokens name every video they touched, and an unknown token touches all', async () => {
    const tokens = new VideoPageTokensRepository(t.database.db, t.database.engine);
    const changes = new PlayerChanges((...args) => tokens.playerChanges(...args));
    const save = (id: string, position: number) =>
      elsewhere(
        `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
         VALUES (${alice.id}, '${id}', ${position}, 1700000000)
         ON CONFLICT (user_id, youtube_id) DO UPDATE SET position = ${position}`,
      );
    const token = async () => (await tokens.tokensOf(alice.id)).user;
    await save(video.youtube_id, 5);
    const t0 = await token();
    await save(video.youtube_id, 6);
    const t1 = await token();
    await save(other.youtube_id, 7);
    const t2 = await token();
    expect(await changes.touched(alice.id, t0, t2, [video.youtube_id])).toBe(true);
    expect(await changes.touched(alice.id, t1, t2, [video.youtube_id])).toBe(false);
    expect(await changes.touched(alice.id, t1, t2, [other.youtube_id])).toBe(true);
    expect(await changes.touched(alice.id, t2, t2, [other.youtube_id])).toBe(false);
    expect(await changes.touched(alice.id, '12345', t2, [video.youtube_id])).toBe(true);
    expect(await changes.touched(alice.id, t1, '12345', [video.youtube_id])).toBe(true);
    expect(await changes.touched(alice.id, t1, t2, [video.youtube_id])).toBe(false); // still known after
    expect(await changes.touched(bob.id, t1, t2, [video.youtube_id])).toBe(true);
    await elsewhere(
      `INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
       VALUES (${alice.id}, '${other.youtube_id}', 1700000000, 'videos', 60000)`,
    );
    const t3 = await token();
    expect(await changes.touched(alice.id, t1, t3, [video.youtube_id])).toBe(false);
    expect(await changes.touched(alice.id, t2, t3, [other.youtube_id])).toBe(true);

    // the database restored to t1's state (its rows and its sequence), then another change: the chain from
    // t1 is the restored history's, and a token of the history that was left leads nowhere
    const seq = async (at: string) =>
      Number(
        (
          await t.database.db
            .selectFrom('player_changes')
            .select('seq')
            .where('token', '=', at)
            .executeTakeFirstOrThrow()
        ).seq,
      );
    const s1 = await seq(t1);
    await elsewhere(
      `DELETE FROM video_watches WHERE user_id = ${alice.id}; DELETE FROM player_changes WHERE seq > ${s1};
       UPDATE video_page_tokens SET token = ${t1} WHERE scope = ${alice.id};
       ${engine === 'sqlite' ? `UPDATE sqlite_sequence SET seq = ${s1} WHERE name = 'player_changes'` : `SELECT setval('player_changes_seq_seq', ${s1})`}`,
    );
    await save(video.youtube_id, 8);
    const restored = await token();
    expect(await changes.touched(alice.id, t1, restored, [other.youtube_id])).toBe(false);
    expect(await changes.touched(alice.id, t1, restored, [video.youtube_id])).toBe(true);
    expect(await changes.touched(alice.id, t2, restored, [other.youtube_id])).toBe(true);
    await elsewhere(`DELETE FROM watch_progress WHERE user_id = ${alice.id}`);
  });

  it('keeps the newest 20 000 changes', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM player_changes`.execute(t.database.db)).rows[0]!
          .n,
      );
    await elsewhere(
      `INSERT INTO player_changes (user_id, prev_token, token, youtube_id)
       SELECT ${bob.id}, n, n + 1, 'old' FROM ${engine === 'sqlite' ? '(WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 20000) SELECT n FROM s)' : 'generate_series(1, 20000) n'}`,
    );
    expect(await count()).toBeGreaterThan(20_000);
    await elsewhere(
      `INSERT INTO watch_progress (user_id, youtube_id, position, updated_at)
       VALUES (${bob.id}, '${video.youtube_id}', 3, 1700000000)`,
    );
    expect(await count()).toBe(20_000);
    const newest = await t.database.db
      .selectFrom('player_changes')
      .select(['user_id', 'youtube_id'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest).toEqual({ user_id: bob.id, youtube_id: video.youtube_id });
    await elsewhere(`DELETE FROM watch_progress WHERE user_id = ${bob.id}`);
  });

  it('a deleted video leaves the next page', async () => {
    expect((await list()).map((v) => v.youtube_id)).toContain(other.youtube_id);
    await elsewhere(`DELETE FROM videos WHERE youtube_id = '${other.youtube_id}'`);
    expect((await list()).map((v) => v.youtube_id)).not.toContain(other.youtube_id);
  });
});

describe('VideoPageCache', () => {
  const states = (frame: string, players = 'p0') => ({ frame, players });
  /** A page of two videos whose players say which read made them. */
  function source() {
    const counts = { parts: 0, players: 0 };
    const read = {
      counts,
      parts: async () => {
        counts.parts += 1;
        return {
          chunks: ['[', ',', ']'],
          players: [`"a${counts.parts}"`, `"b${counts.parts}"`],
          ids: ['a', 'b'],
        };
      },
      players: async (ids: string[]) => {
        counts.players += 1;
        return ids.map((id) => `"${id}-players${counts.players}"`);
      },
      /** the videos the changes since any token touched */
      touchedIds: ['a'],
      playersTouched: async (_from: string, ids: string[]) => ids.some((id) => read.touchedIds.includes(id)),
    };
    return read;
  }
  const text = async (page: Promise<Buffer>) => (await page).toString();

  it('reads a page once per states, and again when the frame state changes', async () => {
    const cache = new VideoPageCache();
    const read = source();
    expect(await text(cache.page('p1', states('a'), read))).toBe('["a1","b1"]');
    expect(await text(cache.page('p1', states('a'), read))).toBe('["a1","b1"]');
    expect(await text(cache.page('p1', states('b'), read))).toBe('["a2","b2"]');
    expect(await text(cache.page('p1', states('a'), read))).toBe('["a3","b3"]'); // only the last page is kept
    expect(read.counts).toEqual({ parts: 3, players: 0 });
  });

  it('reads only the players again when only their state changes, and keeps the rest of the page', async () => {
    const cache = new VideoPageCache();
    const read = source();
    await cache.page('p1', states('a'), read);
    expect(await text(cache.page('p1', states('a', 'p1'), read))).toBe('["a-players1","b-players1"]');
    expect(await text(cache.page('p1', states('a', 'p1'), read))).toBe('["a-players1","b-players1"]');
    expect(await text(cache.page('p1', states('a', 'p2'), read))).toBe('["a-players2","b-players2"]');
    expect(read.counts).toEqual({ parts: 1, players: 2 });
    expect(await text(cache.page('p1', states('b', 'p2'), read))).toBe('["a2","b2"]');
  });

  it("keeps the players, and reads nothing, when the change touched none of the page's videos", async () => {
    const cache = new VideoPageCache();
    const read = source();
    await cache.page('p1', states('a'), read);
    read.touchedIds = ['c'];
    expect(await text(cache.page('p1', states('a', 'p1'), read))).toBe('["a1","b1"]');
    expect(await text(cache.page('p1', states('a', 'p1'), read))).toBe('["a1","b1"]');
    expect(read.counts).toEqual({ parts: 1, players: 0 });
    read.touchedIds = ['b'];
    expect(await text(cache.page('p1', states('a', 'p2'), read))).toBe('["a-players1","b-players1"]');
    expect(read.counts).toEqual({ parts: 1, players: 1 });
  });

  it('reads the whole page again when one of its videos is gone by the time its players are read', async () => {
    const cache = new VideoPageCache();
    const read = source();
    await cache.page('p1', states('a'), read);
    const gone = { ...read, players: async () => undefined };
    expect(await text(cache.page('p1', states('a', 'p1'), gone))).toBe('["a2","b2"]');
    expect(read.counts).toEqual({ parts: 2, players: 0 });
  });

  it('cuts the players by bytes, not characters', async () => {
    const cache = new VideoPageCache();
    const read = {
      parts: async () => ({ chunks: ['["é', 'ü', 'ö"]'], players: ['ä', 'ß'], ids: ['a', 'b'] }),
      players: async () => ['1', '2'],
      playersTouched: async () => true,
    };
    expect(await text(cache.page('p', states('a'), read))).toBe('["éäüßö"]');
    expect(await text(cache.page('p', states('a', 'p1'), read))).toBe('["é1ü2ö"]');
  });

  it('lets requests for a page that is being read share that read', async () => {
    const cache = new VideoPageCache();
    let reads = 0;
    let finish: (json: string) => void = () => {};
    const read = {
      parts: () => {
        reads += 1;
        return new Promise<string>((resolve) => (finish = resolve)).then((json) => ({
          chunks: [json],
          players: [],
          ids: [],
        }));
      },
      players: async () => [],
      playersTouched: async () => true,
    };
    const answers = Promise.all([1, 2, 3].map(() => cache.page('p', states('s'), read)));
    finish('shared');
    expect((await answers).map(String)).toEqual(['shared', 'shared', 'shared']);
    expect(reads).toBe(1);
  });

  it('drops the least recently used pages past its size, and keeps no page larger than that', async () => {
    const cache = new VideoPageCache(100);
    let reads = 0;
    const read = (chars: number) => ({
      parts: async () => {
        reads += 1;
        return { chunks: ['x'.repeat(chars)], players: [], ids: [] };
      },
      players: async () => [],
      playersTouched: async () => true,
    });
    await cache.page('a', states('s'), read(40));
    await cache.page('b', states('s'), read(40));
    await cache.page('a', states('s'), read(40)); // a is now the most recently used
    await cache.page('c', states('s'), read(40)); // past 100: b goes
    expect(reads).toBe(3);
    await cache.page('a', states('s'), read(40));
    await cache.page('c', states('s'), read(40));
    expect(reads).toBe(3);
    await cache.page('b', states('s'), read(40));
    expect(reads).toBe(4);
    await cache.page('big', states('s'), read(101));
    await cache.page('big', states('s'), read(101));
    expect(reads).toBe(6);
  });

  it('does not keep a failed read', async () => {
    const cache = new VideoPageCache();
    const failing = {
      parts: () => Promise.reject(new Error('busy')),
      players: async () => [],
      playersTouched: async () => true,
    };
    await expect(cache.page('p', states('s'), failing)).rejects.toThrow('busy');
    const read = source();
    expect(String(await cache.page('p', states('s'), read))).toBe('["a1","b1"]');
  });
});
