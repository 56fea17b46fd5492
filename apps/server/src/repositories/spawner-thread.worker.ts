import { spawn, type ChildProcess } from 'node:child_process';
import { parentPort } from 'node:worker_threads';
import type { SpawnerEvent, SpawnerRequest } from './spawner.ts';

/**
 * The spawner thread: starts the children spawner.ts asks for and relays their output and end. A fork of
 * the server blocks the thread that calls it (tens of milliseconds for a large process on a loaded machine),
 * so it is this thread that waits, not the API's event loop.
 */
const port = parentPort!;
const children = new Map<number, ChildProcess>();
const post = (event: SpawnerEvent) => port.postMessage(event);

port.on('message', (request: SpawnerRequest) => {
  if (request.type === 'kill') {
    children.get(request.id)?.kill(request.signal);
    return;
  }
  const { id } = request;
  let child: ChildProcess;
  try {
    child = spawn(request.command, request.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: request.detached,
      env: request.env,
    });
  } catch (error) {
    // arguments spawn refuses outright (a NUL byte): reported as an error, as an error event would be
    post({ type: 'error', id, ...describe(error as NodeJS.ErrnoException) });
    post({ type: 'close', id, code: null, signal: null, thrown: true });
    return;
  }
  children.set(id, child);
  // the pid is known at once when the fork succeeded (a missing program reports 'error' instead)
  if (child.pid) post({ type: 'spawn', id, pid: child.pid });
  if (request.encoding) {
    child.stdout!.setEncoding(request.encoding);
    child.stderr!.setEncoding(request.encoding);
  }
  child.stdout!.on('data', (data: Buffer | string) => post({ type: 'stdout', id, data }));
  child.stderr!.on('data', (data: Buffer | string) => post({ type: 'stderr', id, data }));
  child.on('error', (error: NodeJS.ErrnoException) => {
    post({ type: 'error', id, ...describe(error) });
  });
  child.on('close', (code, signal) => {
    children.delete(id);
    post({ type: 'close', id, code, signal });
  });
});

function describe(error: NodeJS.ErrnoException) {
  return {
    message: error.message,
    name: error.name,
    code: error.code,
    errno: error.errno,
    syscall: error.syscall,
    path: error.path,
  };
}
