// The server as `npm start` runs it (the bundle; the bench scripts build it first), and an API token for it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface BundleServerOptions {
  port: number;
  dataDir: string;
  /** the first admin's password (TK_ADMIN_PASSWORD) */
  password: string;
  /** extra environment, e.g. DATABASE_URL */
  env?: Record<string, string>;
}

/**
 * The bundle to run: `apps/server/dist/main.mjs`, or BENCH_BUNDLE (e.g. a build of an earlier commit, to
 * compare before and after a change in alternating runs on a shared machine). The benches migrate their
 * archive with the sources' migrations, so that build must know the same ones (or it refuses to start).
 */
export const bundle = () => process.env.BENCH_BUNDLE ?? 'apps/server/dist/main.mjs';

/**
 * Node's options for the server as `npm start` and the image run it: V8's young generation capped at 4 MB
 * a semi-space (docs/ARCHITECTURE.md, "The server's memory under load").
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];

/**
 * BENCH_NODE_ARGS: more options for the server's node in every bench, after those above (so they win), e.g.
 * '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile its main thread, or '--max-semi-space-size=16'.
 */
const benchNodeArgs = () => process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * The environment `npm start` and the image add: glibc's malloc held to two arenas, where each of the
 * server's SQLite threads kept freed memory in an arena of its own (same entry). An outer MALLOC_ARENA_MAX
 * wins, to compare settings.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** Starts `main.mjs serve` on the data folder and waits until it answers /api/ping/ (up to 120 s: migrations). */
export async function startBundleServer(options: BundleServerOptions): Promise<ChildProcess> {
  const args = [...SERVER_NODE_OPTIONS, ...benchNodeArgs(), bundle(), 'serve'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      TK_DATA_DIR: options.dataDir,
      TK_PORT: String(options.port),
      TK_LISTEN: '127.0.0.1',
      TK_LOG_LEVEL: 'warn',
      TK_ADMIN_PASSWORD: options.password,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/ping/`)).status === 403) return child;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Signs in as the first admin and fetches its API token, as an API client would; then waits until the tasks
 * the server starts by itself have ended, and until the kernel has written what they wrote (`sync`), so
 * that a bench measures the server at rest. The archive benches skip the start-up snapshot beforehand
 * (support/snapshot.ts): on SQLite it copied the whole database (7.6 GB of dirty pages at 10 million lines,
 * whose write-back went on into the measurements), on PostgreSQL it zipped it for longer than the wait.
 */
export async function signInForToken(port: number, password: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, remember_me: 'off' }),
  });
  if (login.status >= 300) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const answer = await fetch(`${base}/api/appsettings/token/`, { headers: { cookie } });
  const { token } = (await answer.json()) as { token: string };
  await startupTasksEnded(base, token);
  execFileSync('sync');
  return token;
}

/** A start-up task shows within `noticeMs` of the sign-in or not at all; one that shows is waited for (10 min). */
async function startupTasksEnded(base: string, token: string, noticeMs = 3_000): Promise<void> {
  const running = async () => {
    const answer = await fetch(`${base}/api/task/by-name/`, { headers: { authorization: `Token ${token}` } });
    const tasks = (await answer.json()) as { name: string; status: string }[];
    return tasks.filter((task) => task.status === 'PENDING' || task.status === 'STARTED');
  };
  const started = performance.now();
  let seen = false;
  for (;;) {
    const now = await running();
    if (now.length > 0 && !seen) {
      seen = true;
      process.stderr.write(`[bench] waiting for the server's start-up task(s): ${now.map((t) => t.name)}\n`);
    }
    if (now.length === 0 && (seen || performance.now() - started > noticeMs)) return;
    if (performance.now() - started > 600_000) throw new Error('the start-up tasks ran for 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
}
