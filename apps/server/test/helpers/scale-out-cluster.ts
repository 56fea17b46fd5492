import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import type { HealthReport } from '@tubekeeper/contract';
import { startAssetServer } from './acquisition.ts';
import { FAKE_YTDLP_PATH, isAlive, readFakeLog, type FakeRun } from './fake-ytdlp.ts';
import {
  createPostgresDatabase,
  deleteRedisPrefix,
  freePort,
  startTubekeeper,
  stopProcess,
  waitFor,
  writeBulkCatalogue,
  type TkProcess,
} from './processes.ts';

const ADMIN = { username: 'admin', password: 'scale-out-password' };
export const BULK_CHANNEL = 'UCfakeBulkChannel0000004';

/**
 * A scale-out deployment as real child processes (issue 14, DESIGN §2): one `tubekeeper serve` on
 * PostgreSQL + Redis (BullMQ) that only enqueues, and `tubekeeper worker` processes, all with the offline
 * fake yt-dlp on a catalogue of `videos` bulk videos. Everything it makes (database, Redis prefix, data
 * folder) is its own and removed by `stop`.
 */
export class ScaleOutCluster {
  readonly prefix = `tk-test-${randomBytes(5).toString('hex')}`;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-scale-'));
  readonly mediaDir = path.join(this.dataDir, 'media');
  readonly workers: Record<string, TkProcess> = {};
  ids: string[] = [];
  env: NodeJS.ProcessEnv = {};
  base = '';
  api!: TkProcess;
  db!: pg.Client;
  private token = '';
  private database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  private assets: Awaited<ReturnType<typeof startAssetServer>> | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly redisUrl: string,
  ) {}

  async start(options: { videos: number; env?: NodeJS.ProcessEnv }): Promise<void> {
    this.database = await createPostgresDatabase(this.databaseUrl, this.prefix.replaceAll('-', '_'));
    this.db = new pg.Client({ connectionString: this.database.url });
    this.ids = writeBulkCatalogue(path.join(this.dataDir, 'bulk.json'), options.videos);
    this.assets = await startAssetServer();
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.env = {
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redisUrl,
      TK_REDIS_PREFIX: this.prefix,
      TK_DATA_DIR: this.dataDir,
      TK_PORT: String(port),
      TK_LISTEN: '127.0.0.1',
      TK_ADMIN_USERNAME: ADMIN.username,
      TK_ADMIN_PASSWORD: ADMIN.password,
      TK_STALL_TIMEOUT_S: '3',
      TK_SEARCH_THREADS: '0',
      TK_LOG_LEVEL: 'warn',
      YTDLP_PATH: FAKE_YTDLP_PATH,
      FAKE_YTDLP_EXTRA_CATALOGUE: path.join(this.dataDir, 'bulk.json'),
      FAKE_YTDLP_DELAY_MS: '120',
      FAKE_YTDLP_ASSET_URL: this.assets.url,
      TK_SPONSORBLOCK_URL: 'http://127.0.0.1:9',
      TK_RYD_URL: 'http://127.0.0.1:9',
      ...options.env,
    };
    this.api = startTubekeeper(['serve'], this.env);
    await waitFor(
      'the API to answer',
      () =>
        fetch(`${this.base}/api/ping/`).then(
          (r) => r.status === 403,
          () => false,
        ),
      60_000,
    );
    await this.db.connect();
    this.token = await adminToken(this.base);
    // no pause between provider calls (the default sleeps seconds between videos, as upstream)
    await this.setDownloads({ sleep_interval: 0 });
  }

  /** Starts (or starts again) a worker named `name`; its fake yt-dlp logs its runs to `log(name)`. */
  startWorker(name: string, env: NodeJS.ProcessEnv = {}): TkProcess {
    this.workers[name] = startTubekeeper(['worker', '--name', name], {
      ...this.env,
      FAKE_YTDLP_LOG: this.log(name),
      ...env,
    });
    return this.workers[name];
  }

  log(worker: string): string {
    return path.join(this.dataDir, `${worker}.log`);
  }

  async call(method: string, url: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Token ${this.token}` },
      // upstream clients send a JSON body on every call, an empty object when there is nothing to say
      ...(method !== 'GET' && { body: JSON.stringify(body ?? {}) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  /** A GET as the admin, the answer as it comes (media files, status codes). */
  fetch(url: string): Promise<Response> {
    return fetch(`${this.base}${url}`, { headers: { authorization: `Token ${this.token}` } });
  }

  async setDownloads(changes: Record<string, unknown>): Promise<void> {
    const config = (await this.call('GET', '/api/appsettings/config/')) as {
      downloads: Record<string, unknown>;
    };
    await this.call('POST', '/api/appsettings/config/', { downloads: { ...config.downloads, ...changes } });
  }

  async health(): Promise<HealthReport> {
    return (await this.call('GET', '/api/health/?details=true')) as HealthReport;
  }

  /** The downloads a worker's fake yt-dlp ran (metadata calls left out). */
  downloadsBy(worker: string): FakeRun[] {
    return readFakeLog(this.log(worker)).filter((r) => r.argv?.includes('--merge-output-format'));
  }

  async archived(): Promise<string[]> {
    const rows = await this.db.query<{ youtube_id: string }>(
      'SELECT youtube_id FROM videos ORDER BY youtube_id',
    );
    return rows.rows.map((r) => r.youtube_id);
  }

  async pending(): Promise<number> {
    const r = await this.db.query("SELECT count(*)::int AS n FROM download_queue WHERE status = 'pending'");
    return (r.rows[0] as { n: number }).n;
  }

  async taskRow(id: string) {
    const rows = await this.db.query<{ status: string; result: string | null }>(
      'SELECT status, result FROM tasks WHERE id = $1',
      [id],
    );
    return rows.rows[0];
  }

  partialFiles(): string[] {
    return fs
      .readdirSync(this.mediaDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(part|ytdl|tmp)$/.test(f) || f.includes('.part-'));
  }

  /** Rethrows `error` with the task records and the processes' last output, for a failure message. */
  async diagnose(error: unknown): Promise<never> {
    const tasks = await this.db.query('SELECT name, status, result, messages FROM tasks ORDER BY created_at');
    const outputs = Object.entries({ api: this.api, ...this.workers }).map(
      ([n, p]) => `--- ${n}\n${p?.output().slice(-3000)}`,
    );
    const jobs = await this.queueJobs().catch((e: unknown) => `(could not read: ${String(e)})`);
    throw new Error(
      `${String(error)}\ntasks: ${JSON.stringify(tasks.rows)}\njobs: ${jobs}\n${outputs.join('\n')}`,
    );
  }

  /** Every BullMQ job of the deployment with its state, lock holder and stall count (for a diagnosis). */
  private async queueJobs(): Promise<string> {
    const lines: string[] = [];
    for (const name of ['tasks', 'task-parts']) {
      const queue = new Queue(name, { connection: { url: this.redisUrl }, prefix: this.prefix });
      try {
        for (const job of await queue.getJobs()) {
          const state = await job.getState();
          lines.push(
            `${name}/${job.id} ${job.name} ${state} stalled=${job.stalledCounter} by=${job.processedBy}`,
          );
        }
      } finally {
        await queue.close();
      }
    }
    return lines.join('; ');
  }

  async stop(): Promise<void> {
    const processes = [this.api, ...Object.values(this.workers)];
    await Promise.all(processes.map((p) => stopProcess(p)));
    for (const worker of Object.keys(this.workers))
      for (const run of readFakeLog(this.log(worker))) {
        for (const pid of [run.pid, run.helper]) if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
      }
    await this.db?.end().catch(() => undefined);
    await this.database?.drop();
    await deleteRedisPrefix(this.redisUrl, this.prefix);
    await this.assets?.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The video a fake yt-dlp download run was for. */
export const videoOf = (run: FakeRun) => /[?&]v=([\w-]+)/.exec(run.argv!.at(-1)!)?.[1];

/** The clip the fake copies for a bulk video (30 s long; a complete file has its size). */
export function clipPath(): string {
  return path.join(os.tmpdir(), 'tk-fake-ytdlp', 'clip-v2-30s.mp4');
}

async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, remember_me: 'off' }),
  });
  if (login.status !== 204) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const response = await fetch(`${base}/api/appsettings/token/`, { headers: { cookie } });
  return ((await response.json()) as { token: string }).token;
}
