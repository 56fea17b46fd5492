import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Child processes started from a worker thread (issue 19: reads while downloading). `child_process.spawn`
 * forks the server, and the fork blocks the calling thread for as long as copying the page tables of a
 * process of a few hundred MB takes: 20 ms on average, up to 70 ms, measured on the main thread during a
 * download run (bench/downloading.bench.ts, 2 cores under load), 6-7 % of its time. yt-dlp, ffprobe and
 * ffmpeg are therefore spawned by one thread of their own; the API's event loop gets their output as messages.
 *
 * A SpawnedChild stands in for the ChildProcess: it emits 'spawn' (its pid known from then on), 'stdout' and
 * 'stderr' (strings when an encoding was asked for, else Buffers), 'error' (an Error carrying the errno
 * fields, ENOENT for a missing program) and 'close' (code, signal), in the order the child's own events came.
 * Pids are the system's, so signals to a process group are sent from any thread (process.kill(-pid)).
 */
export interface SpawnOptions {
  /** a process group of its own (yt-dlp, so a stop also ends the ffmpeg it started) */
  detached?: boolean;
  /** the child's whole environment (the main thread's process.env when not given) */
  env?: NodeJS.ProcessEnv;
  /** decodes stdout and stderr (across chunk boundaries) instead of handing over Buffers */
  encoding?: 'utf8';
}

export type SpawnerRequest =
  | {
      type: 'spawn';
      id: number;
      command: string;
      args: string[];
      detached: boolean;
      env: NodeJS.ProcessEnv;
      encoding?: 'utf8';
    }
  | { type: 'kill'; id: number; signal: NodeJS.Signals };

export type SpawnerEvent =
  | { type: 'spawn'; id: number; pid: number }
  | { type: 'stdout' | 'stderr'; id: number; data: Uint8Array | string }
  | {
      type: 'error';
      id: number;
      message: string;
      name: string;
      code?: string;
      errno?: number;
      syscall?: string;
      path?: string;
    }
  | { type: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null; thrown?: boolean };

export class SpawnedChild extends EventEmitter {
  /** set when the 'spawn' event arrives */
  pid: number | undefined;
  /** whether 'close' arrived */
  closed = false;

  constructor(readonly id: number) {
    super();
  }

  /** Sends a signal to the child itself (ChildProcess.kill: nothing once it has ended). */
  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.closed) return;
    post({ type: 'kill', id: this.id, signal });
  }

  /**
   * Runs `action` with the pid: now when it is known, else when the child has started (a stop that came
   * before the spawner's answer still reaches the child).
   */
  withPid(action: (pid: number) => void): void {
    if (this.pid) action(this.pid);
    else if (!this.closed) this.once('spawn', (pid: number) => action(pid));
  }
}

let worker: Worker | undefined;
let nextId = 1;
const children = new Map<number, SpawnedChild>();

/** Starts a program with an argument array (never a shell) from the spawner thread. */
export function spawnChild(command: string, args: string[], options: SpawnOptions = {}): SpawnedChild {
  const id = nextId++;
  const child = new SpawnedChild(id);
  children.set(id, child);
  // a running child keeps the process alive, as a ChildProcess does
  if (children.size === 1) thread().ref();
  post({
    type: 'spawn',
    id,
    command,
    args,
    detached: options.detached ?? false,
    // the main thread's environment as it is now (a worker's process.env is a copy from its start)
    env: options.env ?? process.env,
    ...(options.encoding && { encoding: options.encoding }),
  });
  return child;
}

function post(request: SpawnerRequest): void {
  thread().postMessage(request);
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./spawner-thread.cjs', import.meta.url));
  started.unref();
  started.on('message', (event: SpawnerEvent) => deliver(event));
  const lose = (error: Error) => {
    if (worker !== started) return;
    worker = undefined;
    // children it had started run on (their pids are the callers'); their callers learn of the loss
    for (const child of [...children.values()]) {
      finish(child);
      child.emit('error', error);
      child.emit('close', null, null);
    }
  };
  started.on('error', lose);
  started.on('exit', (code) => lose(new Error(`the spawner thread stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function deliver(event: SpawnerEvent): void {
  const child = children.get(event.id);
  if (!child) return;
  switch (event.type) {
    case 'spawn':
      child.pid = event.pid;
      child.emit('spawn', event.pid);
      return;
    case 'stdout':
    case 'stderr':
      child.emit(
        event.type,
        typeof event.data === 'string'
          ? event.data
          : Buffer.from(event.data.buffer, event.data.byteOffset, event.data.byteLength),
      );
      return;
    case 'error':
      child.emit('error', Object.assign(new Error(event.message), withoutType(event)));
      return;
    case 'close':
      finish(child);
      // a synchronous throw of spawn is reported by its 'error' alone, as a ChildProcess never closes then
      if (!event.thrown) child.emit('close', event.code, event.signal);
  }
}

function finish(child: SpawnedChild): void {
  child.closed = true;
  children.delete(child.id);
  if (children.size === 0) worker?.unref();
}

function withoutType(event: Extract<SpawnerEvent, { type: 'error' }>) {
  const { name, code, errno, syscall, path } = event;
  return Object.fromEntries(
    Object.entries({ name, code, errno, syscall, path }).filter(([, v]) => v !== undefined),
  );
}
