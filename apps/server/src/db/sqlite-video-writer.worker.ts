import { parentPort, workerData } from 'node:worker_threads';
import { insertAtOnce, writeVideoBundle } from '../repositories/video-index.repository.ts';
import { openSqliteThreadWriter } from './dialect.ts';
import type { VideoWriteCall, VideoWriteReply } from './sqlite-video-writer.ts';

/** The video writer thread: its own writing connection, one video transaction at a time (Kysely's mutex). */
const { file } = workerData as { file: string };
const { db } = openSqliteThreadWriter(file);
const port = parentPort!;

port.on('message', (call: VideoWriteCall | 'close') => {
  if (call === 'close') {
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
