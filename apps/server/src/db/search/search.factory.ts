import type { DatabaseHandle } from '../dialect.ts';
import type { SearchIndex } from './search-index.ts';
import { PostgresSearchIndex } from './search.postgres.ts';
import { SqliteSearchIndex } from './search.sqlite.ts';
import { SearchThreads } from './search-threads.ts';

/**
 * Read threads for an SQLite file (TK_SEARCH_THREADS): searches and video list pages; without them both run
 * on the main thread.
 */
export interface SearchThreadOptions {
  file: string;
  count: number;
  /** TK_SEARCH_MMAP_MB in bytes */
  mmapBytes?: number;
}

/** The search engine of the database in use. */
export function createSearchIndex(
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
  threads?: SearchThreadOptions,
): SearchIndex {
  if (database.engine === 'postgres') return new PostgresSearchIndex(database.db);
  const local = new SqliteSearchIndex(database.db);
  if (!threads || threads.count === 0) return local;
  return new SearchThreads({ file: threads.file, mmapBytes: threads.mmapBytes }, threads.count, local);
}
