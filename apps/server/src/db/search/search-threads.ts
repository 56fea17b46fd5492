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
  mmapBytes?: number;
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

/** Threads left without a search this long stop, so an idle server holds no thread memory. */
const IDLE_MS = 5 * 60_000;

/**
 * The SQLite search engine on worker threads, each with its own read-only connection. better-sqlite3 answers
 * on the thread that asks, so one full-text search (1-3 ms at 10 million lines) holds up every other request
 * of the process; on threads, searches run beside the HTTP work and beside each other, one per core. Each
 * call goes to the thread with the fewest calls waiting. Threads start with the first search (~0.3 s) and
 * stop after `idleMs` without one. `rebuild` writes, so it runs on the main connection, and so do searches if
 * a thread cannot start at all.
 */
export class SearchThreads implements SearchIndex {
  private threads: Thread[] = [];
  private nextId = 0;
  private closing = false;
  /** a thread failed before answering once: starting more would fail the same way */
  private broken = false;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly data: SearchThreadData,
    private readonly count: number,
    private readonly writer: SearchIndex,
    private readonly idleMs = IDLE_MS,
  ) {}

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

  /** How many threads are running (0 before the first search and after an idle stop). */
  running(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.stopThreads();
  }

  private call<T>(method: Method, query: unknown, page: PageSpec): Promise<T> {
    if (this.closing) return Promise.reject(new Error('search is shutting down'));
    clearTimeout(this.idleTimer);
    if (this.broken) {
      const run = this.writer[method].bind(this.writer) as (q: unknown, p: PageSpec) => Promise<T>;
      return run(query, page);
    }
    while (this.threads.length < this.count) this.threads.push(this.start());
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
    const worker = new Worker(new URL('./search-thread.cjs', import.meta.url), { workerData: this.data });
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
      if (this.threads.every((t) => t.calls.size === 0)) this.stopWhenIdle();
    });
    worker.on('error', (error) => this.lose(thread, error));
    worker.on('exit', (code) => this.lose(thread, new Error(`a search thread stopped (exit code ${code})`)));
    return thread;
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stopThreads(), this.idleMs);
    this.idleTimer.unref();
  }

  private async stopThreads(): Promise<void> {
    clearTimeout(this.idleTimer);
    const stopping = this.threads;
    this.threads = [];
    // marked answered so their exit is not taken for a failure to start
    for (const t of stopping) t.answered = true;
    await Promise.all(stopping.map((t) => t.worker.terminate()));
  }

  /** A thread that failed or stopped: its calls fail, the next search starts a new one. */
  private lose(thread: Thread, error: Error): void {
    for (const call of thread.calls.values()) call.reject(error);
    thread.calls.clear();
    this.threads = this.threads.filter((t) => t !== thread);
    // one that never answered cannot start (a missing file, a broken install): others would fail the same way
    if (!thread.answered && !this.closing && !this.broken) {
      this.broken = true;
      // said once, where the server's operator looks: searches go on, slower, on the main thread
      process.stderr.write(
        `Search threads cannot start, so searches run on the main thread from now on: ${error.message}\n`,
      );
    }
  }
}
