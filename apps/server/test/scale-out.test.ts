import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAssetServer } from './helpers/acquisition.ts';
import { FAKE_YTDLP_PATH, isAlive, readFakeLog, type FakeRun } from './helpers/fake-ytdlp.ts';
import {
  createPostgresDatabase,
  deleteRedisPrefix,
  freePort,
  startTubekeeper,
  stopProcess,
  waitFor,
  writeBulkCatalogue,
  type TkProcess,
} from './helpers/processes.ts';

/**
 * Scale-out for real (issue 14, DESIGN §2): one API process and two `tubekeeper worker` processes as child
 * processes on PostgreSQL + Redis (BullMQ) with the offline fake yt-dlp. It needs both services, so it runs
 * when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets them); with SQLite alone there is nothing
 * to scale out.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ADMIN = { username: 'admin', password: 'scale-out-password' };
const BULK_CHANNEL = 'UCfakeBulkChannel0000004';

describe.runIf(DATABASE_URL && REDIS_URL)('scale-out: API + two workers on PostgreSQL and Redis', () => {
  const tag = randomBytes(5).toString('hex');
  const prefix = `tk-test-${tag}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-scale-'));
  const mediaDir = path.join(dataDir, 'media');
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: pg.Client;
  let ids: string[];
  let api: TkProcess;
  const workers: Record<string, TkProcess> = {};
  const logs = { w1: path.join(dataDir, 'w1.log'), w2: path.join(dataDir, 'w2.log') };
  let base: string;
  let token: string;
  let env: NodeJS.ProcessEnv;
  let assets: Awaited<ReturnType<typeof startAssetServer>>;

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      // upstream clients send a JSON body on every call, an empty object when there is nothing to say
      ...(method !== 'GET' && { body: JSON.stringify(body ?? {}) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const setDownloads = async (changes: Record<string, unknown>) => {
    const config = (await call('GET', '/api/appsettings/config/')) as { downloads: Record<string, unknown> };
    await call('POST', '/api/appsettings/config/', { downloads: { ...config.downloads, ...changes } });
  };
  /** What the processes and the task records say, for a failure message. */
  const diagnose = async (error: unknown) => {
    const tasks = await db.query('SELECT name, status, result, messages FROM tasks ORDER BY created_at');
    const outputs = Object.entries({ api, ...workers }).map(
      ([n, p]) => `--- ${n}\n${p?.output().slice(-3000)}`,
    );
    throw new Error(`${String(error)}\ntasks: ${JSON.stringify(tasks.rows)}\n${outputs.join('\n')}`);
  };
  const downloadsBy = (worker: keyof typeof logs): FakeRun[] =>
    readFakeLog(logs[worker]).filter((r) => r.argv?.includes('--merge-output-format'));
  const videoOf = (run: FakeRun) => /[?&]v=([\w-]+)/.exec(run.argv!.at(-1)!)?.[1];
  const archived = async () =>
    (await db.query<{ youtube_id: string }>('SELECT youtube_id FROM videos ORDER BY youtube_id')).rows.map(
      (r) => r.youtube_id,
    );
  const taskRow = async (id: string) =>
    (
      await db.query<{ status: string; result: string | null }>(
        'SELECT status, result FROM tasks WHERE id = $1',
        [id],
      )
    ).rows[0];
  const partialFiles = () =>
    fs
      .readdirSync(mediaDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(part|ytdl|tmp)$/.test(f) || f.includes('.part-'));
  const startWorker = (name: keyof typeof logs) =>
    startTubekeeper(['worker', '--name', name], { ...env, FAKE_YTDLP_LOG: logs[name] });

  beforeAll(async () => {
    database = await createPostgresDatabase(DATABASE_URL!, `tk_scale_${tag}`);
    db = new pg.Client({ connectionString: database.url });
    ids = writeBulkCatalogue(path.join(dataDir, 'bulk.json'), 24);
    assets = await startAssetServer();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL!,
      TK_REDIS_PREFIX: prefix,
      TK_DATA_DIR: dataDir,
      TK_PORT: String(port),
      TK_LISTEN: '127.0.0.1',
      TK_ADMIN_USERNAME: ADMIN.username,
      TK_ADMIN_PASSWORD: ADMIN.password,
      TK_STALL_TIMEOUT_S: '3',
      TK_SEARCH_THREADS: '0',
      TK_LOG_LEVEL: 'warn',
      YTDLP_PATH: FAKE_YTDLP_PATH,
      FAKE_YTDLP_EXTRA_CATALOGUE: path.join(dataDir, 'bulk.json'),
      FAKE_YTDLP_DELAY_MS: '120',
      FAKE_YTDLP_ASSET_URL: assets.url,
      TK_SPONSORBLOCK_URL: 'http://127.0.0.1:9',
      TK_RYD_URL: 'http://127.0.0.1:9',
    };
    api = startTubekeeper(['serve'], env);
    await waitFor(
      'the API to answer',
      () =>
        fetch(`${base}/api/ping/`).then(
          (r) => r.status === 403,
          () => false,
        ),
      60_000,
    );
    await db.connect();
    workers.w1 = startWorker('w1');
    workers.w2 = startWorker('w2');
    token = await adminToken(base);
    // no pause between provider calls (the default sleeps seconds between videos, as upstream)
    await setDownloads({ sleep_interval: 0 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([api, ...Object.values(workers)].map((p) => stopProcess(p)));
    for (const worker of ['w1', 'w2'] as const)
      for (const run of readFakeLog(logs[worker])) if (isAlive(run.pid)) process.kill(run.pid, 'SIGKILL');
    await db?.end();
    await database?.drop();
    await deleteRedisPrefix(REDIS_URL!, prefix);
    await assets?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('both workers show in the registry the API reads', async () => {
    // the workers announce themselves under this test's prefix only
    await waitFor(
      'two live workers',
      async () => {
        const { Redis } = await import('ioredis');
        const redis = new Redis(REDIS_URL!);
        const keys = await redis.keys(`${prefix}:workers:*`);
        await redis.quit();
        return keys.length === 2;
      },
      60_000,
    );
  }, 70_000);

  it('downloads 20 videos across both workers, each exactly once, with progress in the notification', async () => {
    const twenty = ids.slice(0, 20);
    await call('POST', '/api/download/', { data: twenty.map((youtube_id) => ({ youtube_id })) });
    await waitFor(
      '20 queued items',
      async () => {
        const r = await db.query('SELECT count(*)::int AS n FROM download_queue WHERE status = $1', [
          'pending',
        ]);
        return r.rows[0].n === 20;
      },
      30_000,
    ).catch(diagnose);

    const { task_id: taskId } = (await call('POST', '/api/task/by-name/download_pending/')) as {
      task_id: string;
    };
    const seen: { progress: number; messages: string[] }[] = [];
    await waitFor(
      'all 20 archived',
      async () => {
        const notes = (await call('GET', '/api/notification/')) as {
          id: string;
          progress: number;
          messages: string[];
        }[];
        const note = notes.find((n) => n.id === taskId);
        if (note) seen.push(note);
        return (await archived()).length === 20;
      },
      120_000,
      150,
    );
    await waitFor('the run to end', async () => (await taskRow(taskId))?.status === 'success', 30_000);

    expect(await archived()).toEqual([...twenty].sort());
    const w1 = downloadsBy('w1').map(videoOf);
    const w2 = downloadsBy('w2').map(videoOf);
    expect(w1.length).toBeGreaterThan(0);
    expect(w2.length).toBeGreaterThan(0);
    // exactly once: no video was downloaded by both workers, or twice by one
    expect([...w1, ...w2].sort()).toEqual([...twenty].sort());
    expect(seen.some((n) => n.messages.some((m) => m.startsWith('Processing Video: Bulk video')))).toBe(true);
    expect(seen.some((n) => n.progress > 0 && n.progress < 1)).toBe(true);
    for (const id of twenty) expect(fs.existsSync(path.join(mediaDir, BULK_CHANNEL, `${id}.mp4`))).toBe(true);
    expect((await taskRow(taskId))?.result).toMatch(/^downloaded 20 video\(s\)/);
    const queue = await db.query('SELECT count(*)::int AS n FROM download_queue');
    expect(queue.rows[0].n).toBe(0);
  }, 200_000);

  it('a stop from the API ends the download running on a worker and kills its yt-dlp', async () => {
    // slow downloads (8 KiB/s: about 4 s per clip) so one is surely running when the stop comes
    await setDownloads({ limit_speed: 8 });
    const rest = ids.slice(20);
    await call('POST', '/api/download/', { data: rest.map((youtube_id) => ({ youtube_id })) });
    await waitFor(
      '4 queued items',
      async () => {
        const r = await db.query('SELECT count(*)::int AS n FROM download_queue WHERE status = $1', [
          'pending',
        ]);
        return r.rows[0].n === 4;
      },
      60_000,
    );
    const before = downloadsBy('w1').length + downloadsBy('w2').length;
    const { task_id: taskId } = (await call('POST', '/api/task/by-name/download_pending/')) as {
      task_id: string;
    };
    const running = await waitFor(
      'a running download',
      () => {
        const runs = [...downloadsBy('w1'), ...downloadsBy('w2')].slice(before);
        return runs.find((r) => isAlive(r.pid));
      },
      30_000,
      100,
    );

    await call('POST', `/api/task/by-id/${taskId}/`, { command: 'stop' });
    await waitFor('the stopped run', async () => (await taskRow(taskId))?.status === 'stopped', 20_000);
    expect(isAlive(running.pid)).toBe(false);
    // nothing of the stopped download reached the archive; its item waits in the queue
    expect(await archived()).not.toContain(videoOf(running));
    const queued = await db.query('SELECT youtube_id FROM download_queue WHERE youtube_id = $1', [
      videoOf(running),
    ]);
    expect(queued.rows).toHaveLength(1);
    expect(partialFiles()).toEqual([]);
  }, 90_000);

  it('a worker killed mid-download leaves its item to the other, with no partial file and no duplicate', async () => {
    await setDownloads({ limit_speed: 16 });
    const before = { w1: downloadsBy('w1').length, w2: downloadsBy('w2').length };
    const { task_id: taskId } = (await call('POST', '/api/task/by-name/download_pending/')) as {
      task_id: string;
    };
    const victim = await waitFor(
      'a download on w1',
      () =>
        downloadsBy('w1')
          .slice(before.w1)
          .find((r) => isAlive(r.pid)),
      30_000,
      100,
    );
    const videoId = videoOf(victim)!;
    workers.w1!.child.kill('SIGKILL');
    await workers.w1!.exited;

    await waitFor('all 24 archived', async () => (await archived()).length === 24, 120_000, 250);
    await waitFor('the run to end', async () => (await taskRow(taskId))?.status === 'success', 60_000);
    // the other worker took the item over after the claim lapsed, and archived it once
    expect(downloadsBy('w2').slice(before.w2).map(videoOf)).toContain(videoId);
    expect(await archived()).toEqual([...ids].sort());
    const rows = await db.query('SELECT count(*)::int AS n FROM videos WHERE youtube_id = $1', [videoId]);
    expect(rows.rows[0].n).toBe(1);
    const media = path.join(mediaDir, BULK_CHANNEL, `${videoId}.mp4`);
    expect(fs.statSync(media).size).toBe(fs.statSync(clipPath()).size);
    expect(partialFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(mediaDir, BULK_CHANNEL)).filter((f) => f.endsWith('.mp4'))).toHaveLength(
      24,
    );
  }, 200_000);

  it('a scheduled task fires exactly once with two workers and two API processes watching the schedule', async () => {
    // a second API process runs a scheduler too: the due slot is claimed in the database, so one wins
    const api2 = startTubekeeper(['serve'], { ...env, TK_PORT: String(await freePort()) });
    try {
      // the next minute boundary at least 15 s away, so both schedulers are up before the slot
      const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
      const answer = (await call('POST', '/api/task/schedule/update_subscribed/', {
        schedule: `${due.getUTCMinutes()} * *`,
      })) as { next_run_at: string };
      expect(Date.parse(answer.next_run_at)).toBe(due.getTime());
      const runs = async () =>
        (
          await db.query<{ id: string; status: string }>(
            "SELECT id, status FROM tasks WHERE name = 'update_subscribed'",
          )
        ).rows;
      await waitFor(
        'the scheduled run',
        async () => (await runs()).some((r) => r.status === 'success'),
        120_000,
        500,
      );
      // both schedulers looked at the slot (each wakes at the due time); still one run, done by one worker
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await runs()).toHaveLength(1);
      const schedules = (await call('GET', '/api/task/schedule/')) as {
        name: string;
        last_outcome: { status: string } | null;
      }[];
      expect(schedules.find((t) => t.name === 'update_subscribed')?.last_outcome?.status).toBe('SUCCESS');
    } finally {
      await stopProcess(api2);
    }
  }, 180_000);
});

/** The clip the fake copies for every download (a complete file has its size). */
function clipPath(): string {
  return path.join(os.tmpdir(), 'tk-fake-ytdlp', 'clip-v1.mp4');
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
