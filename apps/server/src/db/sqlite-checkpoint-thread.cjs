// Entry of the WAL checkpoint thread (sqlite-checkpointer.ts says why it exists). Plain JavaScript, so the
// same file runs under the sources (tsx) and in the bundle (build.mjs bundles it beside main.mjs).
// Every `everyMs` it copies what the WAL holds into the database file with a PASSIVE checkpoint, which
// never waits for the writer or the readers: frames a reader still needs stay for the next round.
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');

const { file, everyMs } = workerData;
const db = new SQLite(file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

let copied = 0;
let lastError;
setInterval(() => {
  try {
    // log: frames in the WAL; checkpointed: frames now in the database file (-1, -1 when not in WAL mode)
    const { busy, log, checkpointed } = checkpoint.get();
    lastError = undefined;
    if (checkpointed === copied) return;
    copied = checkpointed;
    parentPort.postMessage({ busy, log, checkpointed });
  } catch (error) {
    // a full disk: the next round tries again; the main thread hears why once, not every second
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastError) parentPort.postMessage({ error: message });
    lastError = message;
  }
}, everyMs);

parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    process.exit(0);
  }
});
