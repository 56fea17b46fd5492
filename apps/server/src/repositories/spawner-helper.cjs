// The spawner helper (spawner.ts): a small Node process of its own that starts the server's child processes
// and relays their output and end over IPC. Plain CommonJS with no imports of ours, so development (tsx) and
// the bundle run this same file at a few MB of heap, whose fork is cheap and leaves the server alone.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');

// Media work yields the processor to the API (issue 19: reads while downloading). yt-dlp, ffprobe and ffmpeg
// run at a niceness 10 above the server's (19 at most): the kernel's scheduler then gives the server's
// threads about ten times their share of a busy core, and the children every cycle the server leaves idle,
// so an idle machine downloads as fast as before. The niceness is set on this helper's main thread, whose
// forks (every child) inherit it; on Linux it is per thread, so the server itself keeps its own.
const CHILD_NICENESS = 10;
try {
  os.setPriority(0, Math.min(19, os.getPriority(0) + CHILD_NICENESS));
} catch {
  // a system that refuses it runs the children at the server's priority, as before
}

// A detached child (yt-dlp, whose process group the server signals) starts a session of its own, and where
// the kernel groups tasks by session (autogroup, on by default on Debian and most distributions, for tasks
// outside a cpu cgroup) a session competes as one task at its autogroup's niceness: yt-dlp's session at 0
// took a core's fair share away from the server, whatever the niceness of its processes (bench:downloading,
// 26 Nov 2026: 4 downloads held the server to 0.8-1.3 of the 1.5-1.7 cores it used idle). Its autogroup goes to 19: 4
// downloads then weigh 4 x 15 against the server's 1 024, as one child at niceness 10 does in the server's.
const SESSION_NICENESS = 19;
function lowerSession(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(SESSION_NICENESS));
  } catch {
    // no autogroup (another system, a kernel without it): the session's processes keep their niceness
  }
}

const children = new Map();
const post = (event) => process.send?.(event);

function describe(error) {
  const fields = { message: error.message, name: error.name };
  for (const key of ['code', 'errno', 'syscall', 'path'])
    if (error[key] !== undefined) fields[key] = error[key];
  return fields;
}

process.on('message', (request) => {
  if (request.type === 'kill') {
    children.get(request.id)?.kill(request.signal);
    return;
  }
  const { id } = request;
  let child;
  try {
    child = spawn(request.command, request.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: request.detached,
      env: request.env,
    });
  } catch (error) {
    // arguments spawn refuses outright (a NUL byte): reported as an error, as the server's own spawn threw
    post({ type: 'error', id, ...describe(error) });
    post({ type: 'close', id, code: null, signal: null, thrown: true });
    return;
  }
  children.set(id, child);
  // the pid is known at once when the fork succeeded (a missing program reports 'error' instead)
  if (child.pid) post({ type: 'spawn', id, pid: child.pid });
  if (child.pid && request.detached) lowerSession(child.pid);
  if (request.encoding) {
    child.stdout.setEncoding(request.encoding);
    child.stderr.setEncoding(request.encoding);
  }
  child.stdout.on('data', (data) => post({ type: 'stdout', id, data }));
  child.stderr.on('data', (data) => post({ type: 'stderr', id, data }));
  child.on('error', (error) => post({ type: 'error', id, ...describe(error) }));
  child.on('close', (code, signal) => {
    children.delete(id);
    post({ type: 'close', id, code, signal });
  });
});

// the server is gone (its exit hook has ended its yt-dlp groups; the child registry covers a SIGKILL)
process.on('disconnect', () => process.exit(0));
