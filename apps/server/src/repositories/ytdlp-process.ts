import { childEnded, childStarted } from './child-registry.ts';
import { spawnChild, type SpawnedChild } from './spawner.ts';
import { YTDLP_NOT_FOUND, YtdlpError } from './ytdlp-output.ts';

export interface RunOptions {
  signal?: AbortSignal;
  /** Every complete stdout line, as it arrives (progress). */
  onStdoutLine?: (line: string) => void;
  /** Extra environment for the child (tests point the fake provider at its log). */
  env?: Record<string, string>;
  /** A run still going after this long is killed and fails as a connection problem (a hung provider). */
  timeoutMs?: number;
  /**
   * A run printing nothing for this long is killed and fails the same way: for downloads, which may
   * last hours but print progress every second or so while they work.
   */
  idleTimeoutMs?: number;
  /** Named in the idle timeout's message ("while downloading <id>"). */
  what?: string;
}

export interface RunResult {
  code: number | null;
  /** the signal that ended yt-dlp when it did not exit by itself (the system's OOM killer) */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Process groups still running: ended when this process exits, so no yt-dlp keeps writing to a staging file. */
const running = new Set<number>();
let exitHook = false;

function track(pid: number | undefined): void {
  if (!pid) return;
  running.add(pid);
  childStarted(pid);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const group of running) signalGroup(group, 'SIGKILL');
  });
}

/** stderr is kept up to this size: a batch prints one ERROR line per failed URL, not megabytes. */
const STDERR_LIMIT = 1024 * 1024;
/** A child that ignores SIGTERM this long after a stop gets SIGKILL. */
const KILL_GRACE_MS = 3000;

/**
 * Runs yt-dlp with an argument array (never a shell) in a process group of its own, so a stop also
 * ends the ffmpeg it spawned for merging; spawned off the API's event loop (spawner.ts), so its pid is
 * known from the child's 'spawn' event on, and a stop or timeout before then reaches the group at that event. Resolves with the exit code, whatever it is: yt-dlp exits 1
 * when one URL of a batch failed, and the output of the others is still good.
 */
export function runYtdlp(executable: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new YtdlpError('aborted', 'stopped'));
    const child = spawnChild(executable, args, {
      detached: true,
      env: { ...process.env, ...options.env },
      encoding: 'utf8',
    });
    child.on('spawn', track);
    const stdout: string[] = [];
    let stderr = '';
    let partial = '';
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      killGroup(child, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child, 'SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut: string | undefined;
    const stopAsHung = (why: string) => {
      timedOut = why;
      killGroup(child, 'SIGKILL');
    };
    const seconds = (ms: number) => Math.round(ms / 1000);
    const timeout =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => stopAsHung(`gave no answer within ${seconds(options.timeoutMs!)} s`),
            options.timeoutMs,
          );
    const idle = idleTimer(options, () =>
      stopAsHung(
        `printed nothing for ${seconds(options.idleTimeoutMs!)} s${options.what ? ` while ${options.what}` : ''}`,
      ),
    );
    child.on('stdout', (chunk: string) => {
      idle?.refresh();
      stdout.push(chunk);
      if (!options.onStdoutLine) return;
      const lines = (partial + chunk).split(/\r?\n|\r/);
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    child.on('stderr', (chunk: string) => {
      idle?.refresh();
      if (stderr.length < STDERR_LIMIT) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timeout);
      clearTimeout(idle);
      reject(spawnError(executable, error));
    });
    child.on('close', (code: number | null, exitSignal: NodeJS.Signals | null) => {
      if (child.pid) running.delete(child.pid);
      childEnded(child.pid);
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      clearTimeout(timeout);
      clearTimeout(idle);
      // the group may outlive yt-dlp itself (a merging ffmpeg); make sure a stop ends it
      if (signal?.aborted) killGroup(child, 'SIGKILL');
      if (partial && options.onStdoutLine) options.onStdoutLine(partial);
      if (signal?.aborted) return reject(new YtdlpError('aborted', 'stopped'));
      if (timedOut) return reject(new YtdlpError('connection', `yt-dlp ${timedOut} and was stopped`));
      resolve({ code, signal: exitSignal, stdout: stdout.join(''), stderr });
    });
  });
}

function idleTimer(options: RunOptions, onIdle: () => void): NodeJS.Timeout | undefined {
  return options.idleTimeoutMs === undefined ? undefined : setTimeout(onIdle, options.idleTimeoutMs);
}

/** Signals the child's process group; a child whose pid has not arrived yet gets it when it has started. */
function killGroup(child: SpawnedChild, signal: NodeJS.Signals): void {
  child.withPid((pid) => signalGroup(pid, signal));
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

function spawnError(executable: string, error: NodeJS.ErrnoException): Error {
  if (error.code === 'ENOENT') return new YtdlpError('not-found', YTDLP_NOT_FOUND);
  if (error.code === 'EACCES') {
    return new YtdlpError(
      'not-found',
      `yt-dlp at ${executable} is not executable: install it or set YTDLP_PATH`,
    );
  }
  return error;
}
