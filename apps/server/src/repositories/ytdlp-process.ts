import { spawn } from 'node:child_process';
import { childEnded, childStarted } from './child-registry.ts';
import { YTDLP_NOT_FOUND, YtdlpError } from './ytdlp-output.ts';

export interface RunOptions {
  signal?: AbortSignal;
  /** Every complete stdout line, as it arrives (progress). */
  onStdoutLine?: (line: string) => void;
  /** Extra environment for the child (tests point the fake provider at its log). */
  env?: Record<string, string>;
  /** A run still going after this long is killed and fails as a connection problem (a hung provider). */
  timeoutMs?: number;
}

export interface RunResult {
  code: number | null;
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
    for (const group of running) killGroup(group, 'SIGKILL');
  });
}

/** stderr is kept up to this size: a batch prints one ERROR line per failed URL, not megabytes. */
const STDERR_LIMIT = 1024 * 1024;
/** A child that ignores SIGTERM this long after a stop gets SIGKILL. */
const KILL_GRACE_MS = 3000;

/**
 * Runs yt-dlp with an argument array (never a shell) in a process group of its own, so a stop also
 * ends the ffmpeg it spawned for merging. Resolves with the exit code, whatever it is: yt-dlp exits 1
 * when one URL of a batch failed, and the output of the others is still good.
 */
export function runYtdlp(executable: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new YtdlpError('aborted', 'stopped'));
    const child = spawn(executable, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, ...options.env },
    });
    track(child.pid);
    const stdout: string[] = [];
    let stderr = '';
    let partial = '';
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timeout =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(child.pid, 'SIGKILL');
          }, options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout.push(chunk);
      if (!options.onStdoutLine) return;
      const lines = (partial + chunk).split(/\r?\n|\r/);
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timeout);
      reject(spawnError(executable, error));
    });
    child.on('close', (code) => {
      if (child.pid) running.delete(child.pid);
      childEnded(child.pid);
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      clearTimeout(timeout);
      // the group may outlive yt-dlp itself (a merging ffmpeg); make sure a stop ends it
      if (signal?.aborted) killGroup(child.pid, 'SIGKILL');
      if (partial && options.onStdoutLine) options.onStdoutLine(partial);
      if (signal?.aborted) return reject(new YtdlpError('aborted', 'stopped'));
      if (timedOut) {
        const seconds = Math.round(options.timeoutMs! / 1000);
        return reject(
          new YtdlpError('connection', `yt-dlp gave no answer within ${seconds} s and was stopped`),
        );
      }
      resolve({ code, stdout: stdout.join(''), stderr });
    });
  });
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
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
