import { Worker } from 'node:worker_threads';
import type {
  ChannelSearch,
  CommentHit,
  CommentSearch,
  FragmentHit,
  FragmentSearch,
  IndexCounts,
  PageSpec,
  PlaylistSearch,
  ScoredId,
  SearchIndex,
  SearchResult,
  VideoSearch,
} from './search-index.ts';

type Method = 'videos' | 'channels' | 'playlists' | 'fragments' | 'comments';

export interface SearchThreadData {
  file: string;
  commonWordRows?: number;
}

export interface SearchCall {
  id: number;
  method: Method;
  query: unknown;
  page: PageSpec;
}

export interface SearchReply {
  id: number;
  result?: unknown;
  error?: string;
}

interface Thread {
  worker: Worker;
  /** it answered once: a thread that fails before that is not restarted (the next would fail the same way) */
  answered: boolean;
  calls: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

/**
 * The SQLite search engine on worker threads, each with its own read-only connection. better-sqlite3 answers
 * on the thread that asks, so one full-text search (1-3 ms at 10 million lines) holds up every other request
 * of the process; on threads, searches run beside the HTTP work and beside each other, one per core. Each
 * call goes to the thread with the fewest calls waiting. `rebuild` writes, so it runs on the main connection.
 */
export class SearchThreads implements SearchIndex {
  private readonly threads: Thread[] = [];
  private nextId = 0;
  private closing = false;

  constructor(
    private readonly data: SearchThreadData,
    count: number,
    private readonly writer: SearchIndex,
  ) {
    for (let i = 0; i < count; i++) this.threads.push(this.start());
  }

  videos(query: VideoSearch, page: PageSpec) {
    return this.call<SearchResult<ScoredId>>('videos', query, page);
  }

  channels(query: ChannelSearch, page: PageSpec) {
    return this.call<SearchResult<ScoredId>>('channels', query, page);
  }

  playlists(query: PlaylistSearch, page: PageSpec) {
    return this.call<SearchResult<ScoredId>>('playlists', query, page);
  }

  fragments(query: FragmentSearch, page: PageSpec) {
    return this.call<SearchResult<FragmentHit>>('fragments', query, page);
  }

  comments(query: CommentSearch, page: PageSpec) {
    return this.call<SearchResult<CommentHit>>('comments', query, page);
  }

  rebuild(): Promise<IndexCounts> {
    return this.writer.rebuild();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private call<T>(method: Method, query: unknown, page: PageSpec): Promise<T> {
    if (this.closing) return Promise.reject(new Error('search is shutting down'));
    if (this.threads.length === 0) {
      // no thread could start: search on the main connection rather than not at all
      const run = this.writer[method].bind(this.writer) as (q: unknown, p: PageSpec) => Promise<T>;
      return run(query, page);
    }
    const thread = this.threads.reduce((a, b) => (b.calls.size < a.calls.size ? b : a));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // a thread with calls in flight keeps the process alive until they are answered
      if (thread.calls.size === 0) thread.worker.ref();
      thread.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.worker.postMessage({ id, method, query, page } satisfies SearchCall);
    });
  }

  private start(): Thread {
    const worker = new Worker(new URL('./search-thread.mjs', import.meta.url), { workerData: this.data });
    // idle threads must not keep a finished process (a CLI command, a test) alive
    worker.unref();
    const thread: Thread = { worker, answered: false, calls: new Map() };
    worker.on('message', (reply: SearchReply) => {
      thread.answered = true;
      const call = thread.calls.get(reply.id);
      thread.calls.delete(reply.id);
      if (thread.calls.size === 0) worker.unref();
      if (reply.error === undefined) call?.resolve(reply.result);
      else call?.reject(new Error(`search failed: ${reply.error}`));
    });
    worker.on('error', (error) => this.fail(thread, error));
    worker.on('exit', (code) => {
      this.fail(thread, new Error(`a search thread stopped (exit code ${code})`));
      const at = this.threads.indexOf(thread);
      if (at < 0) return;
      // a thread that died while in use (out of memory, a native fault) is replaced; searches go on
      if (!this.closing && thread.answered) this.threads.splice(at, 1, this.start());
      else this.threads.splice(at, 1);
    });
    return thread;
  }

  private fail(thread: Thread, error: Error): void {
    for (const call of thread.calls.values()) call.reject(error);
    thread.calls.clear();
  }
}
