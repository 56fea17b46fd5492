import type { Kysely } from 'kysely';
import {
  CHECKPOINT_EVERY_MS,
  SQLITE_AUTOCHECKPOINT_PAGES,
  SqliteCheckpointer,
  setWriterCheckpoints,
} from './sqlite-checkpointer.ts';
import type { Database } from './tables.ts';

/** What the video writer asks of the duty (sqlite-video-writer.ts). */
export interface CheckpointHandover {
  /** A writer thread starts: how often it should checkpoint, or undefined when it must not (yet). */
  handOver(): number | undefined;
  /** A thread that was handed the duty has ended (idle, closed or lost). */
  takeBack(): void;
  /** A checkpoint of that thread failed (a full disk): said once per kind of error. */
  failed(error: Error): void;
}

/**
 * Who copies SQLite's WAL into the database file while `serve` runs (issue 19, RSS under load): the
 * checkpoint thread (sqlite-checkpointer.ts), or, while it runs, the video writer thread, which then does
 * the same PASSIVE checkpoint every CHECKPOINT_EVERY_MS between its writes. A download run thus keeps one
 * thread fewer (an isolate and a connection: ~10 MB of RSS), and the checkpoint thread comes back when the
 * writer thread stops after its idle time. Either way the main writer's commits never checkpoint
 * (`wal_autocheckpoint = 0`) while one of them is there, and do again (SQLite's 1 000 pages) when neither
 * is: before start-up recovery has finished, after shutdown, or when a thread cannot start.
 */
export class WalCheckpointDuty implements CheckpointHandover {
  private checkpointer: SqliteCheckpointer | undefined;
  private started = false;
  private stopped = false;
  /** the writer's own checkpoints are back, after stop */
  private gaveBack = false;
  /** writer threads checkpointing now: two only while an idle one closes and a new one has started */
  private holders = 0;
  private changes: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      file: string;
      warn: (error: unknown, message: string) => void;
      everyMs?: number;
    },
  ) {}

  /**
   * Once start-up recovery has finished (until then the writer checkpoints as SQLite does by default: a
   * server that came up read-only on a full disk must find it full at its next write). Resolves once the
   * thread is up, or has failed to start (with a warning); it never rejects.
   */
  start(): Promise<void> {
    this.started = true;
    return this.settle();
  }

  handOver(): number | undefined {
    if (!this.started || this.stopped) return undefined;
    this.holders++;
    void this.settle();
    return this.options.everyMs ?? CHECKPOINT_EVERY_MS;
  }

  takeBack(): void {
    this.holders--;
    void this.settle();
  }

  failed(error: Error): void {
    this.options.warn(error, 'WAL checkpoint (video writer thread)');
  }

  /**
   * Gives checkpoints back to the writer's commits and ends the thread (shutdown). A writer thread still
   * running keeps checkpointing until it is closed, and no checkpoint thread starts after it.
   */
  stop(): Promise<void> {
    this.stopped = true;
    return this.settle();
  }

  /** Whether the checkpoint thread is up (tests). */
  get threadRunning(): boolean {
    return this.checkpointer !== undefined;
  }

  /** Brings the thread in line with who should checkpoint now, one change after the other. */
  private settle(): Promise<void> {
    this.changes = this.changes.then(async () => {
      const wanted = this.started && !this.stopped && this.holders === 0;
      if (wanted && !this.checkpointer) {
        this.checkpointer = await this.startThread();
      } else if (!wanted && this.checkpointer) {
        const checkpointer = this.checkpointer;
        this.checkpointer = undefined;
        this.gaveBack = this.stopped;
        await checkpointer.stop({ handedOver: !this.stopped });
      } else if (this.stopped && !this.gaveBack) {
        // a writer thread held the duty when the server stopped
        this.gaveBack = true;
        await setWriterCheckpoints(this.options.db, SQLITE_AUTOCHECKPOINT_PAGES);
      }
    });
    // a failed change (the database closed under it) must not stop the ones after it
    this.changes = this.changes.catch((error: unknown) =>
      this.options.warn(error, 'WAL checkpoints not handed over'),
    );
    return this.changes;
  }

  private async startThread(): Promise<SqliteCheckpointer | undefined> {
    const { db, file, warn, everyMs } = this.options;
    try {
      return await SqliteCheckpointer.start({
        db,
        file,
        everyMs,
        onFailure: (error) => warn(error, 'WAL checkpoint thread'),
      });
    } catch (error) {
      warn(error, 'no WAL checkpoint thread: commits checkpoint as SQLite does by default');
      // it may have been handed over before, with the writer's checkpoints off
      await setWriterCheckpoints(db, SQLITE_AUTOCHECKPOINT_PAGES);
      return undefined;
    }
  }
}
