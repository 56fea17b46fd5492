import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type DatabaseHandle } from '../src/db/dialect.ts';
import { withStatementCache } from '../src/db/statement-cache.ts';

// Wide rows are read as arrays and turned into objects by a builder made per column list (db/wide-rows.ts):
// what comes back must be exactly better-sqlite3's own objects, whatever happens to the schema between runs.
const WIDE = `select 1 as a, 'two' as b, null as c, 4.5 as d, x'00ff' as e, 6 as f, 7 as g, 'eight' as h, 9 as a`;

describe('wide rows through the statement cache (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-wide-rows-'));
    return new SQLite(path.join(dir, 'db.sqlite'));
  };

  it('gives the objects better-sqlite3 gives: the same keys in order, values, nulls, blobs and a repeated name', () => {
    const sqlite = open();
    const own = sqlite.prepare(WIDE).all();
    const cached = withStatementCache(sqlite).prepare(WIDE);
    const rows = cached.all([]) as Record<string, unknown>[];
    expect(rows).toEqual(own);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(own[0] as object));
    expect(rows[0]).toMatchObject({ a: 9, b: 'two', c: null, e: Buffer.from([0, 255]) });
    sqlite.close();
  });

  it('follows a schema change between two runs of a kept `select *` (a table rebuilt in another column order)', () => {
    const sqlite = open();
    const columns = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'];
    sqlite.exec(`create table t (${columns.join(', ')})`);
    sqlite.exec(`insert into t values (${columns.map((c) => `'${c}'`).join(', ')})`);
    const cache = withStatementCache(sqlite);
    const named = (row: unknown) => Object.entries(row as object).every(([key, value]) => key === value);
    expect(cache.prepare('select * from t').all([]).every(named)).toBe(true);

    // what a migration that rebuilds a table does: same columns, another order, one added
    sqlite.exec(`create table t2 (${[...columns].reverse().join(', ')}, c9 default 'c9')`);
    sqlite.exec(`insert into t2 (${columns.join(', ')}) select ${columns.join(', ')} from t`);
    sqlite.exec('drop table t; alter table t2 rename to t');
    const after = cache.prepare('select * from t').all([]) as Record<string, unknown>[];
    expect(Object.keys(after[0]!)).toEqual([...[...columns].reverse(), 'c9']);
    expect(after.every(named)).toBe(true);
    sqlite.close();
  });

  it('answers a wide read through Kysely on both connections of a server (writer and reader)', async () => {
    open().close();
    handle = openSqlite(path.join(dir, 'kysely.sqlite'));
    await sql`create table w (a, b, c, d, e, f, g, h)`.execute(handle.db);
    await sql`insert into w values (1, 2, 3, 4, 5, 6, 7, 8)`.execute(handle.db);
    const expected = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 };
    // raw SQL goes through the writer, a selectFrom outside a transaction through the read-only connection
    expect((await sql`select * from w`.execute(handle.db)).rows).toEqual([expected]);
    const db = handle.db as unknown as Kysely<{ w: typeof expected }>;
    expect(await db.selectFrom('w').selectAll().execute()).toEqual([expected]);
  });
});
