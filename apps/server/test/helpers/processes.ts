import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(SERVER_DIR, 'bin/tubekeeper.mjs');

/** A `tubekeeper` command running as a real child process, its output kept for failure messages. */
export interface TkProcess {
  child: ChildProcess;
  output: () => string;
  /** resolves with the exit code once it ended */
  exited: Promise<number | null>;
}

export function startTubekeeper(args: string[], env: NodeJS.ProcessEnv): TkProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function stopProcess(
  p: TkProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  await p.exited;
  clearTimeout(timer);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `check` until it returns a value (not undefined/false) or the time is up. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  everyMs = 200,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A PostgreSQL database of its own (the child processes take a plain DATABASE_URL). */
export async function createPostgresDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Deletes every Redis key under a test's own prefix (never FLUSHALL: Redis is shared). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** A JSON catalogue extension for the fake yt-dlp: one channel with `count` plain videos. */
export function writeBulkCatalogue(file: string, count: number, prefix = 'bulkVid'): string[] {
  const ids = Array.from(
    { length: count },
    (_, i) => `${prefix}${String(i + 1).padStart(11 - prefix.length, '0')}`,
  );
  const videos = Object.fromEntries(
    ids.map((id, i) => [
      id,
      {
        title: `Bulk video number ${i + 1}`,
        description: 'A video of the scale-out catalogue.',
        timestamp: 1_700_000_000 + i * 3600,
        duration: 30,
        view_count: 10,
        like_count: 1,
        tags: [],
        categories: ['Education'],
        live_status: 'not_live',
        width: 320,
        height: 180,
      },
    ]),
  );
  const channel = {
    channel_id: 'UCfakeBulkChannel0000004',
    channel: 'Bulk Channel',
    handle: '@fakebulk',
    custom_url: 'BulkChannel',
    channel_follower_count: 100,
    description: 'Many videos for scale tests.',
    tags: [],
    tabs: { videos: [...ids].reverse(), streams: [], shorts: [] },
    playlists: [],
  };
  fs.writeFileSync(file, JSON.stringify({ channels: [channel], videos }));
  return ids;
}
