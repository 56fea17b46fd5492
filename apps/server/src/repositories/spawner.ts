import { EventEmitter } from 'node:events';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Child processes started by a helper process (issue 19: reads while downloading). `child_process.spawn`
 * forks the server, and a fork of a process of a few hundred MB blocked the API's event loop 20 ms on
 * average, up to 68 ms, 6-7 % of the main thread during a download run (CPU profile of
 * bench/downloading.bench.ts, 2 cores under load). Spawning from a worker thread did not help: the fork
 * copies the page tables of the whole process under its memory-map lock, so the main thread stalled on
 * its own allocations instead (postMessage to that thread 8 ms a call, up to 196 ms, same profile). yt-dlp,
 * ffprobe and ffmpeg are therefore spawned by `spawner-helper.cjs`, a small Node process started once
 * (its own fork is the only one of the server's size) that relays their output and end over IPC.
 *
 * A SpawnedChild stands in for the ChildProcess: it emits 'spawn' (its pid known from then on), 'stdout' and
 * 'stderr' (strings when an encoding was asked for, else Buffers), 'error' (an Error carrying the errno
 * fields, ENOENT for a missing program) and 'close' (code, signal), in the order the child's own events came.
 * Pids are the system's, so the server signals a process group itself (process.kill(-pid)).
 */
export interface SpawnOptions {
  /** a process group of its own (yt-dlp, so a stop also ends the ffmpeg it started) */
  detached?: boolean;
  /** the child's whole environment (the server's process.env when not given) */
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

let helper: ChildProcess | undefined;
let nextId = 1;
const children = new Map<number, SpawnedChild>();

/** Starts a program with an argument array (never a shell) from the spawner helper. */
export function spawnChild(command: string, args: string[], options: SpawnOptions = {}): SpawnedChild {
  const id = nextId++;
  const child = new SpawnedChild(id);
  children.set(id, child);
  // a running child keeps the process alive, as a ChildProcess does
  if (children.size === 1) keepAlive(started(), true);
  post({
    type: 'spawn',
    id,
    command,
    args,
    detached: options.detached ?? false,
    // the server's environment as it is now, not the helper's from its start
    env: options.env ?? process.env,
    ...(options.encoding && { encoding: options.encoding }),
  });
  return child;
}

function post(request: SpawnerRequest): void {
  started().send(request);
}

function started(): ChildProcess {
  if (helper) return helper;
  const child = fork(fileURLToPath(new URL('./spawner-helper.cjs', import.meta.url)), [], {
    // not the server's own node options (tsx's loader, --cpu-prof): the helper is plain CommonJS
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.on('message', (event: SpawnerEvent) => deliver(event));
  const lose = (error: Error) => {
    if (helper !== child) return;
    helper = undefined;
    // children it had started run on (the server's exit hook and the child registry know their pids);
    // their callers learn of the loss
    for (const spawned of [...children.values()]) {
      finish(spawned);
      spawned.emit('error', error);
      spawned.emit('close', null, null);
    }
  };
  child.on('error', lose);
  child.on('exit', (code, signal) =>
    lose(new Error(`the spawner helper stopped (${signal ?? `exit code ${code}`})`)),
  );
  helper = child;
  keepAlive(child, false);
  return child;
}

/** While children run the helper keeps the server alive, as they would; idle, it keeps nothing alive. */
function keepAlive(child: ChildProcess, alive: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | undefined;
  if (alive) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
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
  if (children.size === 0 && helper) keepAlive(helper, false);
}

function withoutType(event: Extract<SpawnerEvent, { type: 'error' }>) {
  const { name, code, errno, syscall, path } = event;
  return Object.fromEntries(
    Object.entries({ name, code, errno, syscall, path }).filter(([, v]) => v !== undefined),
  );
}
