import { parentPort, workerData } from 'node:worker_threads';
import { VideoQueryRepository } from '../../repositories/video-query.repository.ts';
import { VideoListPages, type VideoPageRequest } from '../../services/video-list-pages.ts';
import { openSqliteReader } from '../dialect.ts';
import type { SearchCall, SearchReply, SearchThreadData } from './search-threads.ts';
import { SqliteSearchIndex } from './search.sqlite.ts';

/**
 * One read thread: its own read-only connection, the SQLite search engine and the video list's pages on it,
 * answering calls one at a time.
 */
const { file, mmapBytes, commonWordRows } = workerData as SearchThreadData;
const index = new SqliteSearchIndex(openSqliteReader(file, mmapBytes).db, commonWordRows);
// a connection of their own without the memory map: pages read through a map stay in the process's RSS
// (bench:list at 100 000 videos, 32 clients: 440-460 MB with the pages on the search connection, 193-213 MB
// of it anonymous), and a list page reads a few index and row pages, which SQLite's own cache holds
const videoPages = new VideoListPages(new VideoQueryRepository(openSqliteReader(file).db, 'sqlite'));
const port = parentPort!;

function answer(call: SearchCall): Promise<unknown> {
  if (call.method === 'videoPage') return videoPages.pageParts(call.query as VideoPageRequest);
  // the engine's methods take (query, page); the query type differs per method
  const run = index[call.method].bind(index) as (query: unknown, page: unknown) => Promise<unknown>;
  return run(call.query, call.page);
}

port.on('message', (call: SearchCall) => {
  answer(call).then(
    (result) => port.postMessage({ id: call.id, result } satisfies SearchReply),
    (error: unknown) =>
      port.postMessage({
        id: call.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies SearchReply),
  );
});
