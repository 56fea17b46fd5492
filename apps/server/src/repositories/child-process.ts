import { spawnChild } from './spawner.ts';

export interface ProcessResult {
  stdout: string;
  stderr: string;
}

/** Only the end of stderr is kept: it carries the error, and ffmpeg can write megabytes before it. */
const STDERR_TAIL = 4000;

/**
 * Runs a program with an argument array (never a shell), spawned off the API's event loop (spawner.ts).
 * A missing program rejects with `notFound`; a non-zero exit rejects with the last lines of stderr;
 * aborting the signal kills the child (SIGKILL).
 */
export function runProcess(
  command: string,
  args: string[],
  options: { notFound: string; signal?: AbortSignal },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError(options.signal));
    const child = spawnChild(command, args);
    const stdout: Buffer[] = [];
    let stderr = '';
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('stdout', (chunk: Buffer) => stdout.push(chunk));
    child.on('stderr', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error.code === 'ENOENT' ? new Error(options.notFound) : error);
    });
    child.on('close', (code: number | null) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) return reject(abortError(options.signal));
      const out = Buffer.concat(stdout).toString('utf8');
      if (code === 0) return resolve({ stdout: out, stderr });
      reject(new Error(lastLines(stderr) || `${command} exited with code ${code}`));
    });
  });
}

function abortError(signal: AbortSignal): Error {
  const error = new Error(`aborted (${String(signal.reason ?? 'stop')})`);
  error.name = 'AbortError';
  return error;
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').trim();
}
