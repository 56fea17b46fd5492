// Download throughput with 1, 2 and 4 `tubekeeper worker` processes (issue 14): an API process that only
// enqueues, N workers on PostgreSQL + Redis (BullMQ), the offline fake yt-dlp with a fixed delay per
// download (FAKE_YTDLP_DELAY_MS between its five progress lines), each worker downloading one video at a
// time (downloads.concurrency 1, the default). Every run gets a fresh schema, data folder and Redis prefix,
// queues BENCH_VIDEOS videos and times one download_pending run from its start to its end.
// Figures per worker count: downloads per minute, the speed-up over one worker, CPU seconds per download
// (every process with its yt-dlp children), peak RSS of a worker and of the API; the machine's load with them.
// Needs BENCH_DATABASE_URL=postgres://… and BENCH_REDIS_URL=redis://…; BENCH_VIDEOS (default 24),
// BENCH_DELAY_MS (default 300), BENCH_WORKER_COUNTS (default 1,2,4). About 2 min on 2 cores.
// Prints one JSON line. Run: npm run bench:workers -w @tubekeeper/bench
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startAssetServer } from '../apps/server/test/helpers/acquisition.ts';
import { deleteRedisPrefix, freePort, writeBulkCatalogue } from '../apps/server/test/helpers/processes.ts';
import { benchEngines, machineLoad } from './support/engines.ts';
import { SERVER_ENV, SERVER_NODE_OPTIONS, signInForToken, startBundleServer } from './support/server.ts';
import { skipStartupSnapshot } from './support/snapshot.ts';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 24);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 300);
const COUNTS = (process.env.BENCH_WORKER_COUNTS ?? '1,2,4').split(',').map(Number);
const REDIS_URL = process.env.BENCH_REDIS_URL;
const FAKE = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/fake-yt-dlp/fake-yt-dlp.mjs');
const ROOT = path.resolve(import.meta.dirname, '..');
const TICKS_PER_S = 100;

const postgres = process.env.BENCH_DATABASE_URL
  ? benchEngines().find((e) => e.name === 'postgres')
  : undefined;
if (!postgres || !REDIS_URL) {
  console.error('bench:workers needs BENCH_DATABASE_URL=postgres://… and BENCH_REDIS_URL=redis://…');
  process.exit(2);
}

interface Run {
  workers: number;
  seconds: number;
  downloads_per_minute: number;
  speedup: number;
  cpu_s_per_download: number;
  worker_peak_rss_mb: number;
  api_peak_rss_mb: number;
}

const assets = await startAssetServer();
const runs: Run[] = [];
try {
  for (const count of COUNTS) {
    runs.push(await measure(count));
    console.error(`${count} worker(s): ${runs.at(-1)!.seconds} s for ${VIDEOS} downloads`);
  }
} finally {
  await assets.close();
}
const one = runs.find((r) => r.workers === 1)?.downloads_per_minute;
for (const run of runs) run.speedup = one ? round(run.downloads_per_minute / one) : 0;
console.log(
  JSON.stringify({
    bench: 'workers',
    videos: VIDEOS,
    fake_delay_ms: DELAY_MS,
    // the fake's five progress pauses: the least one download can take, besides starting yt-dlp
    download_floor_s: round((5 * DELAY_MS) / 1000),
    runs,
    ...machineLoad(),
  }),
);

async function measure(count: number): Promise<Run> {
  const place = await postgres!.open('workers');
  const prefix = `tk-bench-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const password = 'bench-workers-password';
  const ids = writeBulkCatalogue(path.join(place.dataDir, 'bulk.json'), VIDEOS, 'benchVid');
  const env = {
    ...place.serverEnv,
    REDIS_URL: REDIS_URL!,
    TK_REDIS_PREFIX: prefix,
    TK_SEARCH_THREADS: '0',
    YTDLP_PATH: FAKE,
    FAKE_YTDLP_EXTRA_CATALOGUE: path.join(place.dataDir, 'bulk.json'),
    FAKE_YTDLP_DELAY_MS: String(DELAY_MS),
    FAKE_YTDLP_ASSET_URL: assets.url,
    TK_SPONSORBLOCK_URL: 'http://127.0.0.1:9',
    TK_RYD_URL: 'http://127.0.0.1:9',
  };
  const processes: ChildProcess[] = [];
  try {
    await skipStartupSnapshot(place);
    const api = await startBundleServer({ port, dataDir: place.dataDir, password, env });
    processes.push(api);
    const workers = Array.from({ length: count }, (_, i) =>
      spawn(
        process.execPath,
        [...SERVER_NODE_OPTIONS, 'apps/server/dist/main.mjs', 'worker', '--name', `bench${i + 1}`],
        {
          cwd: ROOT,
          env: { ...SERVER_ENV, ...process.env, ...env, TK_DATA_DIR: place.dataDir, TK_LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      ),
    );
    processes.push(...workers);
    const token = await signInForToken(port, password);
    const call = apiCaller(port, token);
    const config = (await call('GET', '/api/appsettings/config/')) as { downloads: object };
    await call('POST', '/api/appsettings/config/', { downloads: { ...config.downloads, sleep_interval: 0 } });
    await call('POST', '/api/download/', { data: ids.map((youtube_id) => ({ youtube_id })) });
    await until(`${VIDEOS} queued`, async () => {
      const page = (await call('GET', '/api/download/?filter=pending')) as {
        paginate: { total_hits: number };
      };
      return page.paginate.total_hits === VIDEOS;
    });
    await until(`${count} live workers`, async () => {
      const health = (await call('GET', '/api/health/?details=true')) as {
        task_runners: { workers: unknown[] };
      };
      return health.task_runners.workers.length === count;
    });

    const cpuBefore = cpuTicks(processes);
    const started = performance.now();
    const { task_id: taskId } = (await call('POST', '/api/task/by-name/download_pending/')) as {
      task_id: string;
    };
    const result = await until('the run to end', async () => {
      const task = (await call('GET', `/api/task/by-id/${taskId}/`)) as { status: string; result: string };
      return task.status === 'SUCCESS' || task.status === 'FAILURE' ? task : undefined;
    });
    const seconds = (performance.now() - started) / 1000;
    if (!result.result.startsWith(`downloaded ${VIDEOS} video(s)`))
      throw new Error(`the run with ${count} worker(s) ended: ${result.status} ${result.result}`);
    const cpu = (cpuTicks(processes) - cpuBefore) / TICKS_PER_S;
    return {
      workers: count,
      seconds: round(seconds),
      downloads_per_minute: round((VIDEOS / seconds) * 60),
      speedup: 0,
      cpu_s_per_download: round(cpu / VIDEOS),
      worker_peak_rss_mb: Math.max(...workers.map(peakRssMb)),
      api_peak_rss_mb: peakRssMb(api),
    };
  } finally {
    await Promise.all(processes.map(stop));
    await deleteRedisPrefix(REDIS_URL!, prefix);
    await place.close();
  }
}

function apiCaller(port: number, token: string) {
  return async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      ...(method !== 'GET' && { body: JSON.stringify(body ?? {}) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> {
  const end = Date.now() + 600_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** CPU time of the processes and of their children that ended (yt-dlp), in clock ticks (/proc stat). */
function cpuTicks(processes: ChildProcess[]): number {
  let ticks = 0;
  for (const child of processes) {
    try {
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      // fields 14-17 (utime, stime, cutime, cstime) counted after the command name's closing parenthesis
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    } catch {
      // gone
    }
  }
  return ticks;
}

function peakRssMb(child: ChildProcess): number {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
