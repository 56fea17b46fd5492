// Cold start to the first answered /api/ping/ (budget: 1.5 s, DESIGN.md §9), and idle RSS of the server.
// Beside it, the same wait for a bare `node` HTTP server (the floor of the machine at that moment), five
// runs each, alternating, and the load average: on a busy machine both grow.
// The server as `npm start` runs it (the bundle; the bench scripts build it first). Prints one JSON line.
// Run: npm run bench:startup -w @tubekeeper/bench (npm run bench runs it first of all the benches)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_OPTIONS } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-'));

async function firstPing(): Promise<{ ms: number; pid: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'apps/server/dist/main.mjs', 'serve'], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      TK_DATA_DIR: dataDir,
      TK_PORT: String(port),
      TK_LISTEN: '127.0.0.1',
      TK_LOG_LEVEL: 'warn',
      TK_ADMIN_PASSWORD: 'bench-password',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ping/`);
      if (res.status === 403) return { ms: performance.now() - started, pid: child.pid! };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - started > 30_000) throw new Error('server did not answer within 30 s');
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** The floor on this machine: a bare `node` process with an HTTP server that answers at once. */
async function bareNodePing(): Promise<number> {
  const started = performance.now();
  const script = `require('http').createServer((q, s) => s.writeHead(403).end()).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ping/`)).status === 403) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const runs: number[] = [];
const bare: number[] = [];
let idleRss = 0;
for (let i = 0; i < 5; i++) {
  bare.push(Math.round(await bareNodePing()));
  const { ms, pid } = await firstPing();
  runs.push(Math.round(ms));
  await new Promise((r) => setTimeout(r, 1000));
  idleRss = rssMb(pid);
  process.kill(pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    bench: 'startup',
    cold_start_ms: runs,
    cold_start_median_ms: median(runs),
    budget_ms: 1500,
    bare_node_ms: bare,
    ratio_to_bare_node: Math.round((median(runs) / median(bare)) * 10) / 10,
    load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
    idle_rss_mb: idleRss,
    budget_rss_mb: 150,
  }),
);
