import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { openSqlite, type DatabaseHandle, type Engine } from '../../src/db/dialect.ts';
import { openPostgres } from '../../src/db/postgres-open.ts';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrator.ts';
import type { Database } from '../../src/db/tables.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the file or schema. */
  cleanup(): Promise<void>;
  dataDir: string;
}

/**
 * A migrated database of its own: a temporary SQLite file, or a fresh PostgreSQL schema. `upTo` stops after
 * that migration (a migration's test starts from the database before it).
 */
export async function createTestDatabase(engine: Engine, upTo?: string): Promise<TestDatabase> {
  const migrate = (handle: DatabaseHandle) =>
    upTo ? migrateUpTo(handle.db, handle.engine, upTo) : migrateToLatest(handle.db, handle.engine);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-test-'));
  if (engine === 'sqlite') {
    const handle = openSqlite(path.join(dataDir, 'tubekeeper.db'));
    await migrate(handle);
    return {
      ...handle,
      dataDir,
      cleanup: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openPostgres(url, schema);
  await migrate(handle);
  return {
    ...handle,
    dataDir,
    cleanup: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * ANALYZE of the tables of the test's own schema (PostgreSQL): a bare ANALYZE goes through every schema of
 * the database, the other test files' and a kept benchmark archive's too, and waits for any index being built
 * there.
 */
export async function analyzeOwnTables(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db);
  if (rows.length > 0) await sql.raw(`ANALYZE ${rows.map((r) => r.name).join(', ')}`).execute(db);
}

/**
 * A write on a connection of its own, as another process (a CLI command, a PostgreSQL worker) makes it:
 * what the server keeps (kept pages, kept answers) must follow writes it did not make.
 */
export async function writeElsewhere(database: TestDatabase, statement: string): Promise<void> {
  if (database.engine === 'sqlite') {
    const db = new SQLite(path.join(database.dataDir, 'tubekeeper.db'));
    db.exec(statement);
    db.close();
    return;
  }
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(database.db)).rows[0]!.s;
  const other = openPostgres(process.env.TEST_DATABASE_URL!, schema);
  await sql.raw(statement).execute(other.db);
  await other.close();
}
