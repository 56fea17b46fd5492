import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteCheckpointer, type CheckpointRound } from '../src/db/sqlite-checkpointer.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { ServerHarness } from './helpers/server-process.ts';

const PAGE = 4096;
const ROWS_PER_COMMIT = 300;
const COMMITS = 10;

/**
 * Issue 19: a commit that took the WAL past 1 000 pages copied them into the database file before it
 * returned, on the main thread (~120 ms during a download run). A thread does it now.
 */
describe('SQLite WAL checkpoints on a thread of their own', () => {
  let database: TestDatabase;
  let file: string;
  const size = (name: string) => (fs.existsSync(name) ? fs.statSync(name).size : 0);
  const writerThreshold = async () =>
    Number(
      Object.values((await sql.raw('PRAGMA wal_autocheckpoint').execute(database.db)).rows[0] as object)[0],
    );
  /** about 3 000 pages of new rows, in ten commits, as a download run's index writes come */
  const writePages = async () => {
    for (let i = 0; i < COMMITS; i++)
      await sql
        .raw(
          `INSERT INTO filler SELECT randomblob(3000) FROM
             (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${ROWS_PER_COMMIT}) SELECT x FROM n)`,
        )
        .execute(database.db);
  };

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    file = path.join(database.dataDir, 'tubekeeper.db');
    await sql.raw('CREATE TABLE filler (b BLOB)').execute(database.db);
    await sql.raw('PRAGMA wal_checkpoint(TRUNCATE)').execute(database.db);
  });
  afterEach(() => database.cleanup());

  it('leaves the WAL to the thread, which copies it into the database file', async () => {
    const idle = await SqliteCheckpointer.start({
      db: database.db,
      file,
      onFailure: (error) => expect.fail(error.message),
      everyMs: 3_600_000,
    });
    const before = size(file);
    await writePages();
    // no commit copied anything: SQLite's default would have copied at least 2 000 of the pages by now
    expect(size(file) - before).toBeLessThan(100 * PAGE);
    expect(size(`${file}-wal`)).toBeGreaterThan(ROWS_PER_COMMIT * COMMITS * PAGE);
    await idle.stop();
    expect(await writerThreshold()).toBe(1000);

    const rounds: CheckpointRound[] = [];
    const working = await SqliteCheckpointer.start({
      db: database.db,
      file,
      onFailure: (error) => expect.fail(error.message),
      onRound: (round) => rounds.push(round),
      everyMs: 20,
    });
    expect(await writerThreshold()).toBe(0);
    await expect
      .poll(() => rounds.at(-1)?.checkpointed ?? 0)
      .toBeGreaterThanOrEqual(ROWS_PER_COMMIT * COMMITS);
    expect(size(file) - before).toBeGreaterThan(ROWS_PER_COMMIT * COMMITS * PAGE);
    // the next commit starts the WAL over and cuts it back to its own pages (journal_size_limit 0):
    // 12 MB of writes leave no 12 MB file behind, and a full disk is full for the next write
    await sql.raw('INSERT INTO filler VALUES (randomblob(10))').execute(database.db);
    expect(size(`${file}-wal`)).toBeLessThan(10 * PAGE);
    await working.stop();
  });

  it('gives checkpoints back to the writer when the thread stops on its own', async () => {
    const failures: Error[] = [];
    const checkpointer = await SqliteCheckpointer.start({
      db: database.db,
      file,
      onFailure: (error) => failures.push(error),
    });
    expect(await writerThreshold()).toBe(0);
    // a crash of the thread (out of memory, a bug in the native module), as the main thread sees it
    await (checkpointer as unknown as { worker: Worker }).worker.terminate();
    await expect
      .poll(() => failures.map((e) => e.message))
      .toEqual([expect.stringContaining('the WAL checkpoint thread stopped')]);
    await expect.poll(writerThreshold).toBe(1000);
    const before = size(file);
    await writePages();
    expect(size(file) - before).toBeGreaterThan(1000 * PAGE);
  });
});

describe('the server and its checkpoint thread', () => {
  it('checkpoints on its thread while serving, and a clean shutdown leaves the database in one file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-checkpoint-'));
    const harness = new ServerHarness(dataDir, 'sqlite');
    try {
      await harness.start();
      const file = path.join(dataDir, 'tubekeeper.db');
      // the migrations' pages reach the database file within a second or two, without a commit doing it
      await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(100 * PAGE);
      const child = harness.server!.child;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // the last connection closed removes the WAL: the file alone is the whole archive (copies, backups)
      expect(fs.existsSync(`${file}-wal`)).toBe(false);
    } finally {
      await harness.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
