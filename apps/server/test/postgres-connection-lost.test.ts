import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres-open.ts';
import { createTestDatabase, writeElsewhere, type TestDatabase } from './helpers/database.ts';

/**
 * db/postgres-open.ts: a connection PostgreSQL ends (a restart, a failover, an administrator's
 * pg_terminate_backend) fails what runs on it and nothing else. Unheard, its 'error' event ended the whole
 * server (1 Dec: a backup's connection, held between two pages, terminated). Vitest fails a file whose
 * process saw an unhandled error, so these tests fail without the listeners.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection ended under the server', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.cleanup();
  });

  const terminate = (pid: number) => writeElsewhere(db, `SELECT pg_terminate_backend(${pid})`);
  const backendPid = async (on: typeof db.db) =>
    (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(on)).rows[0]!.pid;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('held by a transaction between statements: the transaction fails, the next query answers', async () => {
    const ended = db.db.transaction().execute(async (trx) => {
      await terminate(await backendPid(trx));
      await settle(); // the 'error' event arrives while no statement runs on the connection
      await sql`SELECT 1`.execute(trx);
    });
    await expect(ended).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`SELECT 1 AS n`.execute(db.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('idle in the pool: the next queries answer on a new connection', async () => {
    const before = await backendPid(db.db);
    await terminate(before);
    await settle();
    const pids = await Promise.all([backendPid(db.db), backendPid(db.db)]);
    expect(pids).not.toContain(before);
  });

  it("tells the opener's listener (the server's logger) which connection ended and why", async () => {
    const lost: Error[] = [];
    const own = openPostgres(process.env.TEST_DATABASE_URL!, undefined, (error) => lost.push(error));
    try {
      await terminate(await backendPid(own.db));
      await settle();
      expect(lost).toHaveLength(1);
      expect(lost[0]!.message).toMatch(/terminat/i);
      const { rows } = await sql<{ n: number }>`SELECT 1 AS n`.execute(own.db);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await own.close();
    }
  });
});
