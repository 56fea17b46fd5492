import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from '../../src/db/dialect.ts';
import { waitFor } from './acquisition.ts';
import { FAKE_YTDLP_PATH } from './fake-ytdlp.ts';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { username: 'admin', password: 'crash-test-password' };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Kills the process with SIGKILL (a power cut for this process) and waits until it is gone. */
  kill(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Real `tubekeeper serve` processes on one data folder (SQLite) or one PostgreSQL schema of its own, for
 * tests that kill the server and start it again. `api` calls it as an upstream client does (token auth).
 */
export class ServerHarness {
  server: ServerProcess | undefined;
  private token = '';
  private databaseUrl = '';
  private schema = '';

  constructor(
    private readonly dataDir: string,
    readonly engine: Engine,
    readonly env: NodeJS.ProcessEnv = {},
  ) {}

  async start(): Promise<ServerProcess> {
    if (this.engine === 'postgres' && !this.schema) {
      this.schema = `t_${randomBytes(6).toString('hex')}`;
      await withAdmin((c) => c.query(`CREATE SCHEMA ${this.schema}`));
      const sep = process.env.TEST_DATABASE_URL!.includes('?') ? '&' : '?';
      this.databaseUrl = `${process.env.TEST_DATABASE_URL}${sep}options=${encodeURIComponent(`-c search_path=${this.schema}`)}`;
    }
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: REPO,
      env: {
        ...process.env,
        TK_DATA_DIR: this.dataDir,
        TK_PORT: String(port),
        TK_LISTEN: '127.0.0.1',
        TK_ADMIN_USERNAME: ADMIN.username,
        TK_ADMIN_PASSWORD: ADMIN.password,
        TK_LOG_LEVEL: 'warn',
        DATABASE_URL: this.databaseUrl,
        REDIS_URL: '',
        TK_MEDIA_DIR: '',
        TK_CACHE_DIR: '',
        TK_HOST: '',
        YTDLP_PATH: FAKE_YTDLP_PATH,
        ...this.env,
      },
      stdio: process.env.TK_TEST_SERVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const server: ServerProcess = {
      child,
      url,
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
    this.server = server;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        // 503: up, but read-only (a full disk stopped its start-up recovery)
        const status = (await fetch(`${url}/api/health/`).catch(() => undefined))?.status;
        return status === 200 || status === 503;
      },
      30_000,
      'the server',
    );
    if (!this.token) await this.signIn();
    return server;
  }

  /** Whether the last server started is still running (not killed, not exited). */
  running(): boolean {
    const child = this.server?.child;
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  async api<T = unknown>(method: string, url: string, body?: object): Promise<T> {
    return (await this.call<T>(method, url, body)).body;
  }

  /** `api` with the status code. */
  async call<T = unknown>(method: string, url: string, body?: object): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.server!.url}${url}`, {
      method,
      headers: { authorization: `Token ${this.token}`, 'content-type': 'application/json' },
      ...(body && { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (response.status === 204 ? undefined : await response.json()) as T,
    };
  }

  /** Every queued item (any status), by id. */
  async queued(): Promise<Map<string, { status: string; message: string | null }>> {
    const items = new Map<string, { status: string; message: string | null }>();
    for (let page = 1; ; page += 1) {
      const answer = await this.api<{
        data: { youtube_id: string; status: string; message: string | null }[];
        paginate: { last_page: number };
      }>('GET', `/api/download/?page=${page}`);
      for (const item of answer.data) items.set(item.youtube_id, item);
      if (page >= answer.paginate.last_page || !answer.data.length) return items;
    }
  }

  async stop(): Promise<void> {
    await this.server?.kill();
    if (this.schema) await withAdmin((c) => c.query(`DROP SCHEMA ${this.schema} CASCADE`));
  }

  private async signIn(): Promise<void> {
    const login = await fetch(`${this.server!.url}/api/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, remember_me: 'off' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const answer = await fetch(`${this.server!.url}/api/appsettings/token/`, { headers: { cookie } });
    this.token = ((await answer.json()) as { token: string }).token;
  }
}

async function withAdmin(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
