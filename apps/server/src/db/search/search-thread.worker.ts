import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteReader } from '../dialect.ts';
import type { SearchCall, SearchReply, SearchThreadData } from './search-threads.ts';
import { SqliteSearchIndex } from './search.sqlite.ts';

/** One search thread: its own read-only connection and SQLite engine, answering calls one at a time. */
const { file, mmapBytes, commonWordRows } = workerData as SearchThreadData;
const index = new SqliteSearchIndex(openSqliteReader(file, mmapBytes).db, commonWordRows);
const port = parentPort!;

port.on('message', (call: SearchCall) => {
  // the engine's methods take (query, page); the query type differs per method
  const run = index[call.method].bind(index) as (query: unknown, page: unknown) => Promise<unknown>;
  run(call.query, call.page).then(
    (result) => port.postMessage({ id: call.id, result } satisfies SearchReply),
    (error: unknown) =>
      port.postMessage({
        id: call.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies SearchReply),
  );
});
