import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { insertAtOnce, writeVideoBundle } from '../repositories/video-index.repository.ts';
import { openSqliteThreadWriter } from './dialect.ts';
import type {
  CheckpointFailure,
  VideoWriteCall,
  VideoWriteReply,
  VideoWriterData,
} from './sqlite-video-writer.ts';

/** The video writer thread: its own writing connection, one video transaction at a time (Kysely's mutex). */
const { file, checkpointEveryMs } = workerData as VideoWriterData;
const { db } = openSqliteThreadWriter(file);
const port = parentPort!;

/**
 * While the thread runs it checkpoints the WAL in the checkpoint thread's stead (wal-checkpoint-duty.ts):
 * the same PASSIVE checkpoint, through Kysely so that it waits for a video's transaction to end.
 */
let lastCheckpointError: string | undefined;
let closing = false;
const checkpoints = checkpointEveryMs
  ? setInterval(() => {
      sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db).then(
        () => (lastCheckpointError = undefined),
        (error: unknown) => {
          // a full disk: the next round tries again; the main thread hears why once, not every second
          const message = error instanceof Error ? error.message : String(error);
          if (closing) return;
          if (message !== lastCheckpointError)
            port.postMessage({ checkpointError: message } satisfies CheckpointFailure);
          lastCheckpointError = message;
        },
      );
    }, checkpointEveryMs)
  : undefined;

port.on('message', (call: VideoWriteCall | 'close') => {
  if (call === 'close') {
    closing = true;
    clearInterval(checkpoints);
    void db.destroy().finally(() => port.close());
    return;
  }
  writeVideoBundle(db, call.bundle, insertAtOnce).then(
    () => port.postMessage({ id: call.id } satisfies VideoWriteReply),
    (error: unknown) => {
      const { message, name, code, stack } = (
        error instanceof Error ? error : new Error(String(error))
      ) as Error & { code?: unknown };
      port.postMessage({
        id: call.id,
        error: { message, name, stack, ...(typeof code === 'string' && { code }) },
      } satisfies VideoWriteReply);
    },
  );
});
