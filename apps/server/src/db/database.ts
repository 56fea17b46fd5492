import path from 'node:path';
import type { AppConfigEnv } from '../config.ts';
import { openSqlite, type DatabaseHandle } from './dialect.ts';
import { openPostgres } from './postgres-open.ts';
import { migrateToLatest } from './migrator.ts';

export type { DatabaseHandle } from './dialect.ts';

/** The SQLite database file of a data directory. */
export const sqliteFile = (config: Pick<AppConfigEnv, 'dataDir'>) =>
  path.join(config.dataDir, 'tubekeeper.db');

/** SQLite at `<data>/tubekeeper.db` unless DATABASE_URL points at PostgreSQL. */
export function openDatabase(config: Pick<AppConfigEnv, 'databaseUrl' | 'dataDir'>): DatabaseHandle {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(sqliteFile(config));
}

export async function openMigratedDatabase(
  config: Pick<AppConfigEnv, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  const handle = openDatabase(config);
  await migrateToLatest(handle.db, handle.engine);
  return handle;
}
