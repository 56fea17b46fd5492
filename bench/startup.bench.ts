// Cold start to the first answered /api/ping/ (budget: 1.5 s, DESIGN.md §9), and idle RSS of the server.
// The server as `npm start` runs it (the bundle; `npm run bench` builds it first). Prints one JSON line.
// Run: npm run bench
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-'));

async function firstPing(): Promise<{ ms: number; pid: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs', 'serve'], {
    cwd: root,
    env: {
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

const runs: number[] = [];
let idleRss = 0;
for (let i = 0; i < 3; i++) {
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
    budget_ms: 1500,
    idle_rss_mb: idleRss,
    budget_rss_mb: 150,
  }),
);
