import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Child process groups (yt-dlp and its ffmpeg) written down while they run, one file per child in a folder
 * of the data directory: `<server pid>-<child pid>` holding both start times. The exit hook of
 * ytdlp-process.ts ends them on a normal exit, but a SIGKILL of the server runs no hook, and a leftover
 * downloader went on renaming files of the next run. At start-up `endLeftovers` ends every group whose
 * server is gone; another live server's children (scale-out) are left alone. Start times guard against
 * a pid the system has given to another process since. Pids mean something on their own host only: an entry
 * written on another host (a data folder shared between hosts) is never judged here. Each
 * `tubekeeper worker` keeps a folder of its own inside (`worker-<name>/`), which its next start reads.
 */
let folder: string | undefined;

/** Where children are written down from now on (the server sets it at start-up; tests may leave it). */
export function recordChildrenIn(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  folder = dir;
}

export function childStarted(pid: number | undefined): void {
  if (!folder || !pid) return;
  const entry = {
    host: os.hostname(),
    server: process.pid,
    serverStart: startTime(process.pid),
    child: pid,
    childStart: startTime(pid),
  };
  try {
    fs.writeFileSync(path.join(folder, `${process.pid}-${pid}`), JSON.stringify(entry));
  } catch {
    // not written down: the exit hook still ends it on a normal exit
  }
}

export function childEnded(pid: number | undefined): void {
  if (!folder || !pid) return;
  fs.rmSync(path.join(folder, `${process.pid}-${pid}`), { force: true });
}

/** Ends the process groups a dead server left running; returns their pids. */
export async function endLeftovers(dir: string): Promise<number[]> {
  if (!fs.existsSync(dir)) return [];
  const ended: number[] = [];
  for (const found of fs.readdirSync(dir, { withFileTypes: true })) {
    // a worker's own folder: that worker ends its leftovers when it starts again
    if (!found.isFile()) continue;
    const file = path.join(dir, found.name);
    let entry: { host?: string; server: number; serverStart: string; child: number; childStart: string };
    try {
      entry = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof entry;
    } catch {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (entry.host !== undefined && entry.host !== os.hostname()) continue;
    const serverAlive = entry.server !== process.pid && startTime(entry.server) === entry.serverStart;
    if (entry.server === process.pid || serverAlive) continue;
    // the group outlives its leader while a member runs (yt-dlp's ffmpeg); a pid now held by another
    // process (another start time) is not ours
    const leader = startTime(entry.child);
    if (leader === '' || leader === entry.childStart) {
      try {
        process.kill(-entry.child, 'SIGKILL');
        ended.push(entry.child);
      } catch {
        // the group is gone
      }
      await waitUntilGone(entry.child);
    }
    fs.rmSync(file, { force: true });
  }
  return ended;
}

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22); '' when it is gone. */
function startTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count from the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field 22 is fields[19]
    return fields[19] ?? '';
  } catch {
    return '';
  }
}

async function waitUntilGone(pid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const state = (() => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      } catch {
        return undefined;
      }
    })();
    if (state === undefined || state === 'Z') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
