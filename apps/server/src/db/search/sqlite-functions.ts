import type SQLite from 'better-sqlite3';
import { probedWords, wordPairs } from './search-text.ts';

/**
 * SQL functions the SQLite search triggers call (migrations 0009 and 0042). Every connection that writes
 * subtitle lines must have them: `openSqlite` registers them, so does any tool opening the file itself.
 */
export function registerSearchFunctions(sqlite: SQLite.Database): void {
  sqlite.function('tk_word_pairs', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? wordPairs(text) : '',
  );
  // a JSON array, for json_each
  sqlite.function('tk_probed_words', { deterministic: true }, (text: unknown) =>
    JSON.stringify(typeof text === 'string' ? probedWords(text) : []),
  );
}
