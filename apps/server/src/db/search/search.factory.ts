import type { DatabaseHandle } from '../dialect.ts';
import type { SearchIndex } from './search-index.ts';
import { PostgresSearchIndex } from './search.postgres.ts';
import { SqliteSearchIndex } from './search.sqlite.ts';

/** The search engine of the database in use. */
export function createSearchIndex(database: Pick<DatabaseHandle, 'db' | 'engine'>): SearchIndex {
  return database.engine === 'postgres'
    ? new PostgresSearchIndex(database.db)
    : new SqliteSearchIndex(database.db);
}
