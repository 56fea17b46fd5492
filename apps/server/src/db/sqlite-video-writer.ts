import { Worker } from 'node:worker_threads';
import type { VideoBundle, VideoBundleWriter } from '../repositories/video-index.repository.ts';
import type { CheckpointHandover } from './wal-checkpoint-duty.ts';

/** A write sent to the thread, and its answer: nothing, or the error with the fields callers look at. */
export interface VideoWriteCall {
  id: number;
  bundle: VideoBundle;
}
export interface VideoWriteReply {
  id: number;
  error?: { message: string; name: string; code?: string; stack?: string };
}
/** What the thread is started with. */
export interface VideoWriterData {
  file: string;
  /** checkpoint the WAL this often while the thread runs (wal-checkpoint-duty.ts), or never */
  checkpointEveryMs?: number;
}
/** A checkpoint of the thread failed (said once per kind of error, as the checkpoint thread does). */
export interface CheckpointFailure {
  checkpointError: string;
}

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
  /** the write's promise, settled either way (what `close` waits for) */
  settled: Promise<unknown>;
}

/** A thread without a write this long stops (the search threads' figure). */
const IDLE_MS = 5 * 60_000;

/**
 * Indexed videos written by a thread of the server's own, on a connection of its own (issue 19: reads
 * while downloading). A downloaded video is one transaction of its row, its subtitle lines (three tracks of
 * 600 cues: 1 800 lines, each into two FTS5 indexes) and its comments: 150-230 ms of SQLite work. On the
 * main thread it ran in chunks of 100 rows, each statement holding the API for ~8 ms, and each chunk left a
 * segment of its own in the search indexes, which every search then read until the next tidy (measured
 * with an outside writer at one video every 2.7 s: reads' p95 1.22-1.24x idle with chunks, 1.04-1.12x with
 * one statement). Here the transaction takes its lines in one statement (`insertAtOnce`) and the main
 * thread only waits for the answer. SQLite has one writer at a time: a main-thread write that comes during
 * a video's transaction waits for it (busy timeout), as it waited for the chunks before.
 *
 * The thread starts with the first write. It stops after IDLE_MS without one, as the search threads do, so
 * a server that ran last night's downloads does not keep the thread's memory (~15-20 MB of RSS: an isolate,
 * Kysely, a connection) all day; if it dies, the next write starts another. With `checkpoints`, a thread
 * takes over the WAL checkpoints while it runs and hands them back when it ends (wal-checkpoint-duty.ts).
 */
export class SqliteVideoWriter implements VideoBundleWriter {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly idleMs = IDLE_MS,
    private readonly checkpoints?: CheckpointHandover,
  ) {}

  /** Whether the thread is up (tests). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  writeVideo(bundle: VideoBundle): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.thread();
    const id = this.nextId++;
    let settle!: Pick<Pending, 'resolve' | 'reject'>;
    const written = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    this.pending.set(id, { ...settle, settled: written.catch(() => undefined) });
    worker.postMessage({ id, bundle } satisfies VideoWriteCall);
    return written;
  }

  /** Ends the thread after the writes under way; it closes its connection first. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    if (!worker) return;
    await Promise.all([...this.pending.values()].map((call) => call.settled));
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // held until its connection is closed, or a process with nothing else left would end first
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const checkpointEveryMs = this.checkpoints?.handOver();
    const workerData: VideoWriterData = { file: this.file, ...(checkpointEveryMs && { checkpointEveryMs }) };
    const worker = new Worker(new URL('./sqlite-video-writer-thread.cjs', import.meta.url), { workerData });
    // a process with nothing else to do (a CLI command, a test) does not wait for an idle thread
    worker.unref();
    worker.on('message', (message: VideoWriteReply | CheckpointFailure) => {
      if ('checkpointError' in message) {
        this.checkpoints?.failed(new Error(`WAL checkpoint failed: ${message.checkpointError}`));
      } else this.settle(message);
    });
    // however it ends (idle, closed, lost), the checkpoints it took over go back
    if (checkpointEveryMs) worker.once('exit', () => this.checkpoints?.takeBack());
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const [id, call] of this.pending) {
        this.pending.delete(id);
        call.reject(error);
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the video writer thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: VideoWriteReply): void {
    const call = this.pending.get(reply.id);
    if (!call) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.stopWhenIdle();
    if (!reply.error) return call.resolve();
    // the caller tells a full disk (code SQLITE_FULL) or a constraint from the message and code, as before
    const error = Object.assign(new Error(reply.error.message), {
      name: reply.error.name,
      ...(reply.error.code !== undefined && { code: reply.error.code }),
    });
    if (reply.error.stack) error.stack = reply.error.stack;
    call.reject(error);
  }

  /**
   * Ends the thread once it has written nothing for `idleMs`. Nothing is under way then, and a write that
   * comes later starts a new thread: the old one is forgotten before it is told to close.
   */
  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = undefined;
      worker?.postMessage('close');
    }, this.idleMs);
    this.idleTimer.unref();
  }
}
