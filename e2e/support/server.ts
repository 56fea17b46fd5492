import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildDemoLibrary, SERVER_BUNDLE } from './library.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

export interface RunningServer {
  baseURL: string;
  /** the server's data folder; media and cache are inside it */
  dataDir: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server answers /api/health/: 200, or also 503 when `readOnly` (a server that came up
 * read-only says so there).
 */
async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  output: () => string,
  readOnly: boolean,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health/`);
      if (response.ok || (readOnly && response.status === 503)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server did not answer /api/health/ within 30 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The fake provider's failure list of a run (FAKE_YTDLP_FAILURES in fake-yt-dlp.mjs). */
export function providerFailuresFile(dataDir: string): string {
  return path.join(dataDir, 'provider-failures.json');
}

function assertBuilt(): void {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: run \`npm run build\` (npm run test:e2e does it).`);
  }
  if (!fs.existsSync(SERVER_BUNDLE)) {
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` (npm run test:e2e does it).`);
  }
}

/** The environment of a test server on `dataDir` (SQLite, the embedded queue, the offline provider). */
export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TK_DATA_DIR: dataDir,
    TK_PORT: String(port),
    TK_LISTEN: '127.0.0.1',
    TK_ADMIN_USERNAME: ADMIN.username,
    TK_ADMIN_PASSWORD: ADMIN.password,
    TK_LOG_LEVEL: 'warn',
    TK_WEB_DIR: WEB_DIST,
    // Empty values win over a developer's .env (dotenv never overrides) and mean "unset" to the server:
    // SQLite, the embedded queue, media and cache inside the data dir, any Host header.
    DATABASE_URL: '',
    REDIS_URL: '',
    TK_MEDIA_DIR: '',
    TK_CACHE_DIR: '',
    TK_HOST: '',
    // The offline provider (DESIGN §7): queue adds, scans and downloads never leave the machine.
    YTDLP_PATH: path.join(REPO_ROOT, 'apps/server/test/fixtures/fake-yt-dlp/fake-yt-dlp.mjs'),
    // its downloads last ~1.5 s, so a notification can show their progress lines
    FAKE_YTDLP_DELAY_MS: '300',
    // a spec makes a video fail with a real yt-dlp text by writing {"<id>": "<text>"} here
    FAKE_YTDLP_FAILURES: providerFailuresFile(dataDir),
  };
}

export interface ServerProcess {
  baseURL: string;
  /** SIGKILL: the power goes; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/**
 * `tubekeeper serve` from the bundle on `env`'s data folder; resolves once it answers /api/health/ (with
 * `readOnly`, a 503 of a server that came up read-only counts too).
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  options: { readOnly?: boolean } = {},
): Promise<ServerProcess> {
  assertBuilt();
  const child = spawn(process.execPath, [SERVER_BUNDLE, 'serve'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    baseURL: `http://127.0.0.1:${env.TK_PORT}`,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: () => stopChild(child),
  };
  try {
    await waitForHealth(server.baseURL, child, () => log, options.readOnly ?? false);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Starts the real server (SQLite in a fresh directory) serving the built web app. */
export async function startServer(): Promise<RunningServer> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubekeeper-e2e-'));
  const env = serverEnv(dataDir, await freePort());
  // The demo library (3 channels, 24 videos) through the real import, once per run, before serving.
  try {
    await buildDemoLibrary(dataDir, env);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let server: ServerProcess;
  try {
    server = await spawnServer(env);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL: server.baseURL,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
