import path from 'node:path';
import { pino } from 'pino';
import type { AppConfigEnv } from '../config.ts';
import { openSqlite, type DatabaseHandle } from './dialect.ts';
import { openPostgres } from './postgres-open.ts';
import { migrateToLatest } from './migrator.ts';

export type { DatabaseHandle } from './dialect.ts';

/** The SQLite database file of a data directory. */
export const sqliteFile = (config: Pick<AppConfigEnv, 'dataDir'>) =>
  path.join(config.dataDir, 'tubekeeper.db');

type DatabaseConfig = Pick<AppConfigEnv, 'databaseUrl' | 'dataDir' | 'logLevel'>;

/**
 * SQLite at `<data>/tubekeeper.db` unless DATABASE_URL points at PostgreSQL, whose lost connections (a
 * restart, a failover) are logged as warnings: the statement on one fails, the pool opens another.
 */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (!config.databaseUrl) return openSqlite(sqliteFile(config));
  const log = pino({ level: config.logLevel, name: 'database' });
  return openPostgres(config.databaseUrl, undefined, (error) =>
    log.warn({ err: error }, 'PostgreSQL connection lost; the pool opens a new one'),
  );
}

export async function openMigratedDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = openDatabase(config);
  await migrateToLatest(handle.db, handle.engine);
  return handle;
}
