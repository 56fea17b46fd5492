import type SQLite from 'better-sqlite3';
import { wordPairs } from './search-text.ts';

/**
 * SQL functions the SQLite search triggers call (migration 0009). Every connection that writes subtitle
 * lines must have them: `openSqlite` registers them, so does any tool opening the file itself.
 */
export function registerSearchFunctions(sqlite: SQLite.Database): void {
  sqlite.function('tk_word_pairs', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? wordPairs(text) : '',
  );
}
