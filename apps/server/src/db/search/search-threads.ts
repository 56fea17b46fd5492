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
import type { VideoPageReader, VideoPageRequest } from '../../services/video-list-pages.ts';

type SearchMethod = 'videos' | 'channels' | 'playlists' | 'fragments' | 'comments';
/** the searches, and `videoPage`: a page of the video list (query: a VideoPageRequest, no page spec) */
type Method = SearchMethod | 'videoPage';

export interface SearchThreadData {
  file: string;
  mmapBytes?: number;
  commonWordRows?: number;
}

export interface SearchCall {
  id: number;
  method: Method;
  query: unknown;
  page?: PageSpec;
}

export interface SearchReply {
  id: number;
  result?: unknown;
  error?: string;
}

interface Call {
  message: SearchCall;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** it answered once: a thread that fails before that is not restarted (the next would fail the same way) */
  answered: boolean;
  calls: Map<number, Call>;
}

/**
 * Calls a thread holds at once. Searches wait in one queue and go to a thread as it frees up, so a slow one
 * holds up a few calls, not a whole per-thread queue (at 32 clients and 2 threads, 15 others). Four, so a
 * thread has its next searches at hand while the main thread is busy with HTTP: measured on the bench at
 * 32 clients, full-text p95 went from 28 to 24 ms at the same throughput; with one or two in flight the
 * threads ran dry and throughput fell by 10-15 %.
 */
const IN_FLIGHT = 4;

/**
 * The V8 young generation of a search thread. A search's garbage (rows, candidate texts) is short-lived, so a
 * small one is enough; with V8's default each thread held ~25 MB more under load. Measured on the bench at 32
 * clients: the server's anonymous RSS went from ~250 to ~197 MB (DESIGN.md §9: 250 MB under load), with
 * throughput unchanged within the run-to-run noise. A `--max-semi-space-size` on node's command line takes
 * precedence (V8's flags are the process's): `npm start` and the image pass 4, which gives a thread 8.4 MB.
 */
const YOUNG_GENERATION_MB = 4;

/** Threads left without a search this long stop, so an idle server holds no thread memory. */
const IDLE_MS = 5 * 60_000;

/**
 * The SQLite search engine, and the video list's pages, on worker threads, each with its own read-only
 * connection. better-sqlite3 answers on the thread that asks, so one full-text search (1-3 ms at 10 million
 * lines) or list page (0.5-0.7 ms of statements, rows and wire shapes at 100 000 videos) holds up every other
 * request of the process; on threads, they run beside the HTTP work, beside the indexing of downloads, and
 * beside each other, one per core. Calls wait in one queue for a free thread (IN_FLIGHT). Threads start with
 * the first call (~0.3 s) and stop after `idleMs` without one. `rebuild` writes, so it runs on the main
 * connection, and so does everything if a thread cannot start at all, the calls it was given included.
 */
export class SearchThreads implements SearchIndex {
  private threads: Thread[] = [];
  /** calls waiting for a thread, oldest first */
  private waiting: Call[] = [];
  private nextId = 0;
  private closing = false;
  /** a thread failed before answering once: starting more would fail the same way */
  private broken = false;
  private idleTimer: NodeJS.Timeout | undefined;
  /** where video pages are read when no thread can start (set by `videoPagesWith`) */
  private mainThreadPages: VideoPageReader | undefined;

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

  /**
   * Video list pages read on these threads; `local` reads them on the main thread when no thread can start.
   * Every page reads committed data only, as the main thread's reads do: a write the server answered is in
   * the next page (WAL: a reader sees each commit from its next statement on).
   */
  videoPagesWith(local: VideoPageReader): VideoPageReader {
    this.mainThreadPages = local;
    return { pageParts: (request: VideoPageRequest) => this.call('videoPage', request) };
  }

  rebuild(): Promise<IndexCounts> {
    return this.writer.rebuild();
  }

  /** On the main thread's writer connection, as every write. */
  tidy(): Promise<number> {
    return this.writer.tidy?.() ?? Promise.resolve(0);
  }

  /** How many threads are running (0 before the first search and after an idle stop). */
  running(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.stopThreads();
  }

  private call<T>(method: Method, query: unknown, page?: PageSpec): Promise<T> {
    if (this.closing) return Promise.reject(new Error('search is shutting down'));
    clearTimeout(this.idleTimer);
    const message: SearchCall = { id: this.nextId++, method, query, page };
    if (this.broken) return this.onMainThread(message) as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      this.enqueue({ message, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /**
   * A video page waits ahead of the searches waiting: it is 0.5-0.7 ms of work where a search is 1-3 ms or
   * more, and in FIFO order pages waited behind searches (bench:downloading, a third each of list pages,
   * details and searches at 32 clients: list p50 50 ms on the threads against 3 ms for details on the main
   * thread). Searches still go in their order, and wait only while pages keep every thread full.
   */
  private enqueue(call: Call): void {
    if (call.message.method !== 'videoPage') {
      this.waiting.push(call);
      return;
    }
    const firstSearch = this.waiting.findIndex((c) => c.message.method !== 'videoPage');
    this.waiting.splice(firstSearch === -1 ? this.waiting.length : firstSearch, 0, call);
  }

  /** Hands waiting calls to the threads with room, starting threads up to `count`. */
  private dispatch(): void {
    while (this.threads.length < this.count && this.waiting.length > 0) this.threads.push(this.start());
    while (this.waiting.length > 0 && this.threads.length > 0) {
      const thread = this.threads.reduce((a, b) => (b.calls.size < a.calls.size ? b : a));
      if (thread.calls.size >= IN_FLIGHT) return;
      const call = this.waiting.shift()!;
      // a thread with calls in flight keeps the process alive until they are answered
      if (thread.calls.size === 0) thread.worker.ref();
      thread.calls.set(call.message.id, call);
      thread.worker.postMessage(call.message);
    }
  }

  private onMainThread(message: SearchCall): Promise<unknown> {
    if (message.method === 'videoPage') {
      return this.mainThreadPages!.pageParts(message.query as VideoPageRequest);
    }
    const run = this.writer[message.method].bind(this.writer) as (
      q: unknown,
      p: PageSpec,
    ) => Promise<unknown>;
    return run(message.query, message.page!);
  }

  private start(): Thread {
    const worker = new Worker(new URL('./search-thread.cjs', import.meta.url), {
      workerData: this.data,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // idle threads must not keep a finished process (a CLI command, a test) alive
    worker.unref();
    const thread: Thread = { worker, answered: false, calls: new Map() };
    worker.on('message', (reply: SearchReply) => {
      thread.answered = true;
      const call = thread.calls.get(reply.id);
      thread.calls.delete(reply.id);
      if (thread.calls.size === 0) worker.unref();
      if (reply.error === undefined) call?.resolve(reply.result);
      else
        call?.reject(
          new Error(
            `${call?.message.method === 'videoPage' ? 'video list' : 'search'} failed: ${reply.error}`,
          ),
        );
      this.dispatch();
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
    // calls still held or waiting (only on close: an idle stop has none) are answered here, as the threads'
    // exits are no longer looked at
    const closed = new Error('search is shutting down');
    for (const call of [...stopping.flatMap((t) => [...t.calls.values()]), ...this.waiting.splice(0)]) {
      call.reject(closed);
    }
    await Promise.all(stopping.map((t) => t.worker.terminate()));
  }

  /**
   * A thread that failed or stopped. One that never answered cannot start (a missing file, a broken install),
   * and others would fail the same way: its calls and all later ones run on the main connection. One that
   * failed later fails the calls it held (retrying them could fail it again); the next search starts a new one.
   */
  private lose(thread: Thread, error: Error): void {
    if (!this.threads.includes(thread)) return;
    this.threads = this.threads.filter((t) => t !== thread);
    const held = [...thread.calls.values()];
    thread.calls.clear();
    if (!thread.answered && !this.closing) {
      if (!this.broken) {
        // said once, where the server's operator looks: searches and video pages go on, slower, on the main
        // thread
        process.stderr.write(
          `Read threads cannot start, so searches and video list pages run on the main thread from now on: ${error.message}\n`,
        );
      }
      this.broken = true;
      for (const call of [...held, ...this.waiting.splice(0)]) {
        this.onMainThread(call.message).then(call.resolve, call.reject);
      }
      return;
    }
    for (const call of held) call.reject(error);
    this.dispatch();
  }
}
