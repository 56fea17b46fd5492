import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { wideRowReader } from './wide-rows.ts';

/** Enough for every query shape the app runs; rarer shapes (long `IN (…)` lists) fall out first. */
const CACHED_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running most of our
 * queries (a token lookup: ~40 µs to prepare, ~5 µs to run), so reused statements are kept here, least
 * recently used dropped first. Safe because Kysely runs one query at a time on the connection, and
 * SQLite re-prepares a kept statement by itself after a schema change (migrations). Reads of wide rows
 * come back through `wide-rows.ts` (the same objects, built for half the CPU).
 */
export function withStatementCache(sqlite: SQLite.Database, size = CACHED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  let schemaCookie: SQLite.Statement | undefined;
  const schemaVersion = () =>
    (schemaCookie ??= sqlite.prepare('pragma schema_version').pluck()).get() as number;
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept) {
        // re-inserted to mark it as the most recently used
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const prepared = sqlite.prepare(sql);
      const statement = wideRowReader(prepared, schemaVersion) ?? (prepared as unknown as SqliteStatement);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
