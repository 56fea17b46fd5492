import { createRequire } from 'node:module';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle } from './dialect.ts';
import { prepareStatementsOf } from './postgres-prepared.ts';
import type { Database } from './tables.ts';

let pgPackage: typeof pg | undefined;

/**
 * node-postgres, loaded when a PostgreSQL connection is first opened. Imported beside the SQLite connections
 * (dialect.ts), it was loaded by every SQLite server and by each of its threads (search threads, video
 * writer): 2.9 MB of heap an isolate, measured, which V8's growing factor doubles before it collects
 * (docs/ARCHITECTURE.md, "The server's memory under load"). This file stays out of the threads' imports, and
 * pg is CommonJS, so a synchronous require keeps `openPostgres` synchronous.
 */
function loadPg(): typeof pg {
  if (pgPackage) return pgPackage;
  pgPackage = createRequire(import.meta.url)('pg') as typeof pg;
  // PostgreSQL returns bigint (int8) and numeric as strings; our values (epoch ms, sizes) fit in a double.
  pgPackage.types.setTypeParser(20, (v) => Number(v));
  pgPackage.types.setTypeParser(1700, (v) => Number(v));
  return pgPackage;
}

/** Where a lost connection is told when the caller has no logger (tests, benches). */
function toStderr(error: Error): void {
  process.stderr.write(`PostgreSQL connection lost: ${error.message} (the pool opens a new one)\n`);
}

/**
 * `searchPath` isolates a schema (used by tests, one schema per test file); `connectionLost` hears a
 * connection PostgreSQL ended (the server passes its logger).
 */
export function openPostgres(
  url: string,
  searchPath?: string,
  connectionLost: (error: Error) => void = toStderr,
): DatabaseHandle {
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // A connection PostgreSQL ends (a restart, a failover, pg_terminate_backend) emits 'error': unheard, on the
  // pool (an idle one) or on a client a transaction holds between statements, it ended the whole server
  // (seen 1 Dec: a backup's connection terminated mid-run). Heard, the statement on it fails, its task says
  // why, and the pool drops the client when it is released and opens another. An idle client's 'error' is
  // heard by the client's listener and then passed on by the pool's own, so the pool's is silent: one
  // connection lost, told once.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', connectionLost);
    // Issue 19, measured at 10 million subtitle lines. Our statements are short lookups run by many
    // requests at once: PostgreSQL compiled with LLVM a typo search's lookup of 545 spellings (its plan
    // costed above jit_above_cost), 25 ms of its 195; and started two parallel workers for a phrase search,
    // which at 32 searches at a time on 2 cores made 27 full-text searches a second where one process
    // each made 37. So no JIT and no parallel workers.
    client.query('SET jit = off; SET max_parallel_workers_per_gather = 0').catch(() => undefined);
    prepareStatementsOf(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
