import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  sql,
  type Driver,
  type Expression,
  type RawBuilder,
} from 'kysely';
import { registerSearchFunctions } from './search/sqlite-functions.ts';
import { ReadRoutingDriver } from './sqlite-read-routing.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Database } from './tables.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** the database file (SQLite only): backups read it through a connection of their own */
  file?: string;
  close(): Promise<void>;
}

export function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = configureWriter(new SQLite(file));
  const db = new Kysely<Database>({ dialect: new RollbackSafeSqliteDialect(sqlite, file, true) });
  return { db, engine: 'sqlite', file, close: () => db.destroy() };
}

/**
 * A second writing connection to the server's file, for the video writer thread (`sqlite-video-writer.ts`):
 * the writer's settings and functions, and no read routing (the thread only writes). Its page cache is a
 * search thread's 4 MB rather than better-sqlite3's 16 MB: a video's transaction writes a few MB, and the
 * thread's memory counts in the server's RSS under load.
 */
export function openSqliteThreadWriter(file: string): DatabaseHandle {
  const sqlite = configureWriter(new SQLite(file, { fileMustExist: true }));
  sqlite.pragma(`cache_size = -${READER_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new RollbackSafeSqliteDialect(sqlite, file, false) });
  return { db, engine: 'sqlite', file, close: () => db.destroy() };
}

function configureWriter(sqlite: SQLite.Database): SQLite.Database {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // each time the WAL starts over (every frame copied into the database file) it is cut back to what the
  // next commit writes: a large write (a search rebuild, an import) does not leave a WAL of its size on the
  // disk until shutdown, and a full disk is full for the next write too, not for the one after the space
  // the WAL once took (startup-recovery.ts relies on it to go read-only)
  sqlite.pragma('journal_size_limit = 0');
  registerSearchFunctions(sqlite);
  return sqlite;
}

/**
 * SQLite ends a transaction by itself on some errors (a full disk: SQLITE_FULL). Kysely then sends its
 * ROLLBACK, which fails with "cannot rollback - no transaction is active" and replaces the real error in
 * what the caller sees. The rollback is only sent while a transaction is open.
 * A transaction takes the write lock when it begins (BEGIN IMMEDIATE): two connections write the file (this
 * one and the video writer thread's, besides CLI commands), and a transaction that read first and wrote
 * after the other's commit would fail at once with SQLITE_BUSY, which no busy timeout waits out.
 * Reads outside transactions go to a read-only connection of their own (`sqlite-read-routing.ts`).
 */
class RollbackSafeSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly file: string,
    private readonly routeReads: boolean,
  ) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    // a second connection to ':memory:' would see another database
    if (!this.routeReads || this.file === ':memory:') return driver;
    return new ReadRoutingDriver(driver, () => {
      const reader = new SQLite(this.file, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
      registerSearchFunctions(reader);
      return withStatementCache(reader);
    });
  }
}

/**
 * The page cache of a search thread's connection, in KiB. better-sqlite3 builds SQLite with 16 MB a
 * connection, and without a memory map a thread's cache filled up under searches: 19 MB of malloc'd memory
 * per thread on bench:downloading. The pages it misses come from the OS page cache, a copy each.
 */
const READER_CACHE_KIB = 4096;

/**
 * A read-only connection to an SQLite file another connection writes (search threads). WAL lets it read
 * while the writer writes; it sees each commit from its next statement on. `mmapBytes` of the file are read
 * through a memory map (SQLite caps it at 2 GB): a full-text search reads a hundred lines scattered over a
 * table of millions, and through the map each page is read in place instead of copied from the OS page cache
 * into every connection's own cache (measured: 12-25 % more searches per second at 10 million lines). The
 * mapped pages count in the process's RSS, once per connection, so the server maps nothing unless told to
 * (TK_SEARCH_MMAP_MB).
 */
export function openSqliteReader(file: string, mmapBytes = 0): DatabaseHandle {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`mmap_size = ${Math.max(0, Math.floor(mmapBytes))}`);
  sqlite.pragma(`cache_size = -${READER_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * A column SQLite's planner may not use an index for (its unary `+`), where the index it picks without
 * statistics (the server never runs ANALYZE) walks far more rows than another one could. PostgreSQL plans
 * from the statistics autovacuum keeps: the column as it is.
 */
export function offIndex(engine: Engine, column: string): RawBuilder<unknown> {
  return engine === 'sqlite' ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}

/**
 * Text ordered by code point on both engines: SQLite compares bytes, PostgreSQL would use the database
 * locale (which ignores case and punctuation differently), so lists and tie-breaks would differ.
 */
export function codePointOrder(engine: Engine, text: Expression<unknown> | string): RawBuilder<unknown> {
  const expression = typeof text === 'string' ? sql.ref(text) : text;
  return engine === 'postgres' ? sql`${expression} collate "C"` : sql`${expression}`;
}
