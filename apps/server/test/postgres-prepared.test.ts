import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

/**
 * db/postgres-prepared.ts: each connection keeps the statements it runs prepared (planned once), and what
 * may not be prepared (no parameters, several statements in one text, shapes beyond the per-connection
 * bound) runs as before. Without TEST_DATABASE_URL there is no PostgreSQL to ask.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on postgres', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.cleanup();
  });

  /** Runs `work` and then reads the prepared statements of the same connection. */
  const preparedAfter = (work: (trx: typeof db.db) => Promise<void>) =>
    db.db.connection().execute(async (connection) => {
      await work(connection);
      const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE name LIKE 'tk%'`.execute(connection);
      return rows.map((r) => r.statement);
    });

  it('plans a statement with parameters once per connection and gives the same answers', async () => {
    const statements = await preparedAfter(async (c) => {
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`SELECT ${n}::int + 1 AS n`.execute(c);
        expect(rows[0]!.n).toBe(n + 1);
      }
    });
    expect(statements.filter((s) => s.includes('+ 1 AS n'))).toHaveLength(1);
  });

  it('runs every statement without JIT compilation or parallel workers (both cost more than our lookups)', async () => {
    const settings = await db.db.connection().execute(async (c) => [
      (await sql<{ jit: string }>`SHOW jit`.execute(c)).rows[0]!.jit,
      (
        await sql<{
          workers: string;
        }>`SELECT current_setting('max_parallel_workers_per_gather') AS workers`.execute(c)
      ).rows[0]!.workers,
    ]);
    expect(settings).toEqual(['off', '0']);
  });

  it('leaves parameterless and multi-statement texts unnamed, and they still run', async () => {
    const statements = await preparedAfter(async (c) => {
      expect((await sql<{ n: number }>`SELECT 41 + 1 AS n`.execute(c)).rows[0]!.n).toBe(42);
      await sql.raw('CREATE TEMP TABLE prep_probe (x int); DROP TABLE prep_probe').execute(c);
    });
    expect(statements.some((s) => s.includes('41 + 1'))).toBe(false);
    expect(statements.some((s) => s.includes('prep_probe'))).toBe(false);
  });

  it('answers every shape beyond the per-connection bound too, unnamed', async () => {
    const statements = await preparedAfter(async (c) => {
      for (let shape = 0; shape < 230; shape++) {
        const { rows } = await sql<{
          n: number;
        }>`SELECT ${shape}::int AS n, ${sql.raw(String(shape))} AS s`.execute(c);
        expect(rows[0]!.n).toBe(shape);
      }
    });
    expect(statements.length).toBeLessThanOrEqual(200);
    expect(statements.length).toBeGreaterThan(100);
  });
});
