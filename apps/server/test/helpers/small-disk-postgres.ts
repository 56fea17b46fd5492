import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/tables.ts';
import type { SmallDisk } from './small-disk.ts';

/**
 * PostgreSQL's disk for one test schema: a tablespace on a small disk, every table and index of the schema
 * moved into it, so writes that need a new page fail as on a full database disk (53100, "could not extend
 * file"). The database server must run on this machine as the `postgres` user (it writes the files);
 * returns the reason instead where it does not, for the test to print and skip.
 */
export async function moveSchemaToSmallDisk(
  db: Kysely<Database>,
  disk: SmallDisk,
): Promise<{ drop(): Promise<void> } | string> {
  const dir = path.join(disk.dir, 'pg');
  const name = `tk_small_${path.basename(disk.dir).replace(/\W/g, '_')}`.toLowerCase();
  try {
    fs.mkdirSync(dir);
    execFileSync('chown', ['postgres:postgres', dir], { stdio: 'pipe' });
    fs.chmodSync(dir, 0o700);
    await sql.raw(`CREATE TABLESPACE ${name} LOCATION '${dir}'`).execute(db);
  } catch (error) {
    return `cannot put a PostgreSQL tablespace on a tmpfs here (${(error as Error).message.split('\n')[0]})`;
  }
  const { rows } = await sql<{ kind: string; name: string }>`
    SELECT CASE c.relkind WHEN 'i' THEN 'INDEX' ELSE 'TABLE' END AS kind, quote_ident(c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')`.execute(db);
  for (const row of rows) await sql.raw(`ALTER ${row.kind} ${row.name} SET TABLESPACE ${name}`).execute(db);
  return {
    drop: async () => {
      // the schema's tables leave it first (the test database's cleanup drops them later)
      for (const row of rows)
        await sql.raw(`ALTER ${row.kind} ${row.name} SET TABLESPACE pg_default`).execute(db);
      await sql.raw(`DROP TABLESPACE ${name}`).execute(db);
    },
  };
}
