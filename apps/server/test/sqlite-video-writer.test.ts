import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SqliteVideoWriter } from '../src/db/sqlite-video-writer.ts';
import { WalCheckpointDuty } from '../src/db/wal-checkpoint-duty.ts';
import { VideoIndexRepository, type VideoBundle } from '../src/repositories/video-index.repository.ts';
import { BASE_TIME, makeChannel } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

// SQLite only: PostgreSQL's driver does not hold the main thread, so its videos are written where they are.
describe('indexed videos written by the SQLite writer thread', () => {
  let t: TestDatabase;
  let writer: SqliteVideoWriter;
  let threaded: VideoIndexRepository;
  let here: VideoIndexRepository;
  let channelId: string;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    writer = new SqliteVideoWriter(path.join(t.dataDir, 'tubekeeper.db'));
    threaded = new VideoIndexRepository(t.db, writer);
    here = new VideoIndexRepository(t.db);
    channelId = (await makeChannel(t.db)).channel_id;
  });
  afterAll(async () => {
    await writer.close();
    await t.cleanup();
  });

  /** A downloaded video as the indexer hands it over: three 600-line tracks and two comments. */
  function bundle(id: string, word: string): VideoBundle {
    const langs = ['en', 'de', 'fr'];
    return {
      channel: {
        channel_id: channelId,
        channel_name: 'Writer Channel',
        channel_subs: 0,
        channel_subscribed: 0,
        channel_active: 1,
        channel_last_refresh: BASE_TIME,
        channel_views: 0,
        channel_tags: '[]',
        channel_tabs: '["videos"]',
        channel_overwrites: '{}',
      },
      video: {
        youtube_id: id,
        channel_id: channelId,
        title: `Video ${id}`,
        vid_type: 'videos',
        published: BASE_TIME,
        date_downloaded: BASE_TIME,
        vid_last_refresh: BASE_TIME,
        media_url: `${channelId}/${id}.mp4`,
        media_size: 1000,
        duration: 600,
        width: 1280,
        height: 720,
        streams: '[]',
        category: '[]',
        tags: '[]',
        active: 1,
        view_count: 1,
        like_count: 0,
        dislike_count: 0,
        comment_count: 2,
      },
      subtitles: langs.map((lang) => ({
        youtube_id: id,
        lang,
        name: lang,
        source: 'auto',
        ext: 'vtt',
        media_url: `${channelId}/${id}.${lang}.vtt`,
      })),
      fragments: langs.flatMap((lang) =>
        Array.from({ length: 600 }, (_, i) => ({
          youtube_id: id,
          lang,
          source: 'auto',
          fragment_index: i,
          start_ms: i * 1000,
          end_ms: i * 1000 + 900,
          line: `line ${i} of ${lang} says ${word}${i % 7}`,
        })),
      ),
      comments: [1, 2].map((n) => ({
        comment_id: `${id}-c${n}`,
        youtube_id: id,
        parent_id: null,
        position: n,
        author: `@viewer${n}`,
        author_id: `UCviewer${n}`,
        author_thumbnail: null,
        author_is_uploader: 0,
        text: `comment ${n} about ${word}`,
        timestamp: 1_700_000_000 + n,
        like_count: n,
        is_favorited: 0,
      })),
    };
  }

  async function queue(id: string) {
    await t.db
      .insertInto('download_queue')
      .values({
        youtube_id: id,
        title: `Queued ${id}`,
        channel_id: channelId,
        channel_name: 'Writer Channel',
        vid_type: 'videos',
        auto_start: 0,
        timestamp: BASE_TIME,
        status: 'pending',
      })
      .execute();
  }

  /** Segments of the subtitle index, counted by their entries in its term index. */
  async function subtitleSegments(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT segid) AS n FROM subtitle_fragments_fts_idx`.execute(t.db);
    return rows[0]!.n;
  }

  const queued = (id: string) =>
    t.db.selectFrom('download_queue').select('youtube_id').where('youtube_id', '=', id).execute();

  const linesOf = (id: string) =>
    t.db
      .selectFrom('subtitle_fragments')
      .select(['lang', 'fragment_index', 'line'])
      .where('youtube_id', '=', id)
      .orderBy('id')
      .execute();

  it('writes the whole video: row, lines in order, comments, searchable, out of the queue', async () => {
    await queue('vThreadOne1');
    await threaded.writeVideo(bundle('vThreadOne1', 'quokka'));
    const video = await t.db
      .selectFrom('videos')
      .select(['title', 'comment_count'])
      .where('youtube_id', '=', 'vThreadOne1')
      .executeTakeFirst();
    expect(video).toEqual({ title: 'Video vThreadOne1', comment_count: 2 });
    const lines = await linesOf('vThreadOne1');
    expect(lines).toHaveLength(1800);
    expect(lines[0]).toEqual({ lang: 'en', fragment_index: 0, line: 'line 0 of en says quokka0' });
    expect(lines[1799]).toEqual({ lang: 'fr', fragment_index: 599, line: 'line 599 of fr says quokka4' });
    const found = await sql<{ n: number }>`SELECT count(*) AS n FROM subtitle_fragments_fts
      WHERE subtitle_fragments_fts MATCH 'quokka3'`.execute(t.db);
    expect(found.rows[0]!.n).toBe(3 * 86); // i % 7 === 3 for 86 of 600 lines, in each track
    const comments = await sql<{ n: number }>`SELECT count(*) AS n FROM comments_fts
      WHERE comments_fts MATCH 'quokka'`.execute(t.db);
    expect(comments.rows[0]!.n).toBe(2);
    expect(await queued('vThreadOne1')).toEqual([]);
  });

  it('leaves one segment per video in the subtitle index, where chunks on this thread leave several', async () => {
    const before = await subtitleSegments();
    await threaded.writeVideo(bundle('vThreadTwo1', 'wombat'));
    const afterThread = await subtitleSegments();
    expect(afterThread - before).toBe(1);
    await here.writeVideo(bundle('vHereChunk1', 'numbat'));
    expect((await subtitleSegments()) - afterThread).toBeGreaterThan(1);
  });

  it('rewrites a stored video in place: its old lines go', async () => {
    await threaded.writeVideo(bundle('vThreadAgn1', 'first'));
    await threaded.writeVideo(bundle('vThreadAgn1', 'second'));
    const lines = await linesOf('vThreadAgn1');
    expect(lines).toHaveLength(1800);
    expect(lines.every((l) => l.line.includes('second'))).toBe(true);
  });

  it('rejects with the SQLite error and writes nothing when one row is refused', async () => {
    await queue('vThreadBad1');
    const bad = bundle('vThreadBad1', 'broken');
    bad.fragments[1000] = { ...bad.fragments[1000]!, line: null as unknown as string };
    const error = await threaded.writeVideo(bad).then(
      () => undefined,
      (e: Error & { code?: string }) => e,
    );
    expect(error?.code).toBe('SQLITE_CONSTRAINT_NOTNULL');
    expect(error?.message).toMatch(/NOT NULL constraint failed: subtitle_fragments\.line/);
    const video = await t.db
      .selectFrom('videos')
      .select('youtube_id')
      .where('youtube_id', '=', 'vThreadBad1')
      .execute();
    expect(video).toEqual([]);
    expect(await linesOf('vThreadBad1')).toEqual([]);
    expect(await queued('vThreadBad1')).toHaveLength(1);
  });

  it('lets transactions of this thread that read, then write, run beside its writes', async () => {
    // a deferred transaction that read before the thread's commit could not write after it (SQLITE_BUSY)
    const writes = [1, 2, 3].map((n) => threaded.writeVideo(bundle(`vThreadRun${n}`, `run${n}`)));
    const edits = Array.from({ length: 30 }, (_, n) =>
      t.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('channels')
          .select('channel_views')
          .where('channel_id', '=', channelId)
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, n % 3));
        await trx
          .updateTable('channels')
          .set({ channel_views: row.channel_views + 1 })
          .where('channel_id', '=', channelId)
          .execute();
      }),
    );
    await Promise.all([...writes, ...edits]);
    const channel = await t.db
      .selectFrom('channels')
      .select('channel_views')
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(channel.channel_views).toBe(30);
  });

  it('waits for the write under way when closed, and starts again on the next write', async () => {
    const under = threaded.writeVideo(bundle('vThreadEnd1', 'closing'));
    await writer.close();
    await under;
    expect(await linesOf('vThreadEnd1')).toHaveLength(1800);
    await threaded.writeVideo(bundle('vThreadEnd2', 'reopened'));
    expect(await linesOf('vThreadEnd2')).toHaveLength(1800);
  });

  it('stops its thread after a while without writes, and starts another for the next write', async () => {
    const idle = new SqliteVideoWriter(path.join(t.dataDir, 'tubekeeper.db'), 300);
    const repository = new VideoIndexRepository(t.db, idle);
    try {
      await repository.writeVideo(bundle('vIdle1', 'before'));
      expect(idle.running).toBe(true);
      await vi.waitFor(() => expect(idle.running).toBe(false), { timeout: 5_000 });
      await repository.writeVideo(bundle('vIdle2', 'after'));
      expect(await linesOf('vIdle1')).toHaveLength(1800);
      expect(await linesOf('vIdle2')).toHaveLength(1800);
      expect(idle.running).toBe(true);
    } finally {
      await idle.close();
    }
  });

  it('keeps its thread while writes follow each other closer than the idle time', async () => {
    const busy = new SqliteVideoWriter(path.join(t.dataDir, 'tubekeeper.db'), 1_000);
    const repository = new VideoIndexRepository(t.db, busy);
    try {
      for (let i = 0; i < 4; i++) {
        await repository.writeVideo(bundle(`vBusy${i}`, 'busy'));
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(busy.running).toBe(true);
      }
    } finally {
      await busy.close();
    }
  });

  it("checkpoints the WAL while its thread runs, in the checkpoint thread's stead, and hands it back when idle", async () => {
    const file = path.join(t.dataDir, 'tubekeeper.db');
    const warnings: unknown[] = [];
    const duty = new WalCheckpointDuty({
      db: t.db,
      file,
      warn: (error) => warnings.push(error),
      everyMs: 50,
    });
    // an idle time longer than the test: only the writer thread can have checkpointed below
    const handed = new SqliteVideoWriter(file, 60_000, duty);
    const repository = new VideoIndexRepository(t.db, handed);
    const autocheckpoint = async () =>
      Number(Object.values((await sql.raw('PRAGMA wal_autocheckpoint').execute(t.db)).rows[0] as object)[0]);
    try {
      await duty.start();
      expect(duty.threadRunning).toBe(true);
      await repository.writeVideo(bundle('vDuty1', 'handed'));
      // one thread fewer while videos are written
      await vi.waitFor(() => expect(duty.threadRunning).toBe(false));
      expect(await autocheckpoint()).toBe(0);
      // ~3 MB written on this connection, which never checkpoints: the writer thread copies them
      await sql.raw('CREATE TABLE IF NOT EXISTS filler (b BLOB)').execute(t.db);
      const before = fs.statSync(file).size;
      await sql
        .raw(
          `INSERT INTO filler SELECT randomblob(3000) FROM
             (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT x FROM n)`,
        )
        .execute(t.db);
      await vi.waitFor(() => expect(fs.statSync(file).size - before).toBeGreaterThan(700 * 4096), {
        timeout: 5_000,
      });
      expect(handed.running).toBe(true);
      expect(duty.threadRunning).toBe(false);
      // the writer thread ends (idle, closed or lost alike): the checkpoint thread is back, the commits
      // still without
      await handed.close();
      await vi.waitFor(() => expect(duty.threadRunning).toBe(true));
      expect(await autocheckpoint()).toBe(0);
      expect(warnings).toEqual([]);
    } finally {
      await duty.stop();
      await handed.close();
    }
    // stopped: the commits checkpoint as SQLite does by default
    expect(await autocheckpoint()).toBe(1000);
  });
});
