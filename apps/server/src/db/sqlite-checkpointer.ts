import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { Database } from './tables.ts';

/** How often the thread copies the WAL into the database file: the WAL stays at about a second of writes. */
export const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own default, put back on the writer when the thread is not there to checkpoint. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;

/** What one checkpoint of the thread did, in WAL frames (pages). */
export interface CheckpointRound {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * WAL checkpoints off the main thread. By default SQLite checkpoints inside the commit that takes the WAL
 * past 1 000 pages: that commit copies them into the database file and syncs it before it returns, and the
 * writer connection is on the main thread, so every request the server had in hand waited for it (measured:
 * ~18 ms on an idle machine, ~120 ms seen under bench:downloading, for a download's index writes as for a
 * search-index merge step). Here the writer never checkpoints (`wal_autocheckpoint = 0`) and a thread of
 * its own, with a connection of its own, runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS, which SQLite
 * lets run beside the writer and the readers. If that thread stops or cannot start, the writer checkpoints
 * by itself again, as before: the WAL must never grow without bound.
 */
export class SqliteCheckpointer {
  private stopped = false;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly worker: Worker,
    private readonly onFailure: (error: Error) => void,
    private readonly onRound?: (round: CheckpointRound) => void,
  ) {
    worker.on('message', (message: CheckpointRound | { error: string }) => {
      if ('error' in message) this.onFailure(new Error(`WAL checkpoint failed: ${message.error}`));
      else this.onRound?.(message);
    });
    worker.on('error', (error) => void this.lose(error));
    worker.on(
      'exit',
      (code) => void this.lose(new Error(`the WAL checkpoint thread stopped (exit code ${code})`)),
    );
  }

  /** Starts the thread on the database file the writer `db` writes, then turns the writer's checkpoints off. */
  static async start(options: {
    db: Kysely<Database>;
    file: string;
    onFailure: (error: Error) => void;
    /** each round that copied frames (tests, diagnostics) */
    onRound?: (round: CheckpointRound) => void;
    everyMs?: number;
  }): Promise<SqliteCheckpointer> {
    const worker = new Worker(new URL('./sqlite-checkpoint-thread.cjs', import.meta.url), {
      workerData: { file: options.file, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('online', resolve);
      worker.once('error', reject);
    });
    // a finished process (a test, a CLI command) must not wait for the thread; not before it is online,
    // when nothing else may hold the process open yet
    worker.unref();
    const checkpointer = new SqliteCheckpointer(options.db, worker, options.onFailure, options.onRound);
    await setWriterCheckpoints(options.db, 0);
    return checkpointer;
  }

  /**
   * Gives checkpoints back to the writer, then ends the thread. `handedOver`: another thread checkpoints
   * from now on (the video writer's, wal-checkpoint-duty.ts), so the writer's commits stay without.
   */
  async stop(options: { handedOver?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!options.handedOver) await setWriterCheckpoints(this.db, SQLITE_AUTOCHECKPOINT_PAGES);
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    // held until it has closed its connection: unreferenced, a process with nothing else left would end
    // here, before the caller closes the writer (which removes the WAL file on a clean shutdown)
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }

  private async lose(error: Error): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.onFailure(error);
    await setWriterCheckpoints(this.db, SQLITE_AUTOCHECKPOINT_PAGES).catch((e: unknown) =>
      this.onFailure(e instanceof Error ? e : new Error(String(e))),
    );
  }
}

/** The writer's automatic checkpoint threshold in pages (0: never). Raw SQL always runs on the writer. */
export async function setWriterCheckpoints(db: Kysely<Database>, pages: number): Promise<void> {
  await sql.raw(`PRAGMA wal_autocheckpoint = ${pages}`).execute(db);
}
