import { execFile } from 'node:child_process';

/** A send that takes longer is given up (an unreachable service must not hold a task's end for long). */
const SEND_TIMEOUT_MS = 30_000;

/**
 * The Apprise CLI (Debian package `apprise`, path from APPRISE_PATH) as a child process (never a shell):
 * one call sends a title and body to every URL given. Rejects with Apprise's own complaint when any URL
 * fails, so the caller can show or log it.
 */
export class AppriseRepository {
  constructor(private readonly apprisePath: string) {}

  send(urls: string[], title: string, body: string): Promise<void> {
    // `--` ends the options, so a URL can never be read as one
    const args = ['-v', '-t', title, '-b', body, '--', ...urls];
    return new Promise((resolve, reject) => {
      execFile(this.apprisePath, args, { timeout: SEND_TIMEOUT_MS }, (error, stdout, stderr) => {
        if (!error) return resolve();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return reject(
            new Error(
              `Apprise not found at "${this.apprisePath}": install it (apt-get install apprise) or set APPRISE_PATH`,
            ),
          );
        }
        reject(new Error(complaint(`${stdout}\n${stderr}`) || `apprise failed (${error.message})`));
      });
    });
  }
}

/**
 * Apprise logs its warnings and errors on stdout, as "2026-01-01 10:00:00,000 - WARNING - A Connection
 * error occurred …": the sentences of those lines.
 */
function complaint(output: string): string {
  return output
    .split('\n')
    .map((line) => /^[\d-]+ [\d:,]+ - (?:WARNING|ERROR|CRITICAL) - (.*)$/.exec(line.trim())?.[1])
    .filter((line): line is string => Boolean(line))
    .slice(-3)
    .join(' ');
}
