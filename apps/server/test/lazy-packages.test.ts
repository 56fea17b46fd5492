import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * The packages a node process has loaded after `script` ran: its CommonJS module cache, which also holds the
 * CommonJS packages an ES module imported (pg, bullmq and ioredis are CommonJS).
 */
async function packagesLoadedAfter(script: string): Promise<string[]> {
  const program = `${script}
const { default: Module } = await import('node:module');
const names = Object.keys(Module._cache).map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1]);
console.log(JSON.stringify([...new Set(names.filter(Boolean))]));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', program],
    { cwd: SRC, env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as string[];
}

describe('packages only a scale-out deployment needs', () => {
  it('are not loaded by the server on SQLite (pg, bullmq, ioredis: ~8 MB of heap)', async () => {
    const loaded = await packagesLoadedAfter(`await import(${JSON.stringify(`${SRC}/cli/cli.ts`)});
await import(${JSON.stringify(`${SRC}/container-archive.ts`)});`);
    expect(loaded).toContain('better-sqlite3');
    expect(loaded).not.toContain('pg');
    expect(loaded).not.toContain('bullmq');
    expect(loaded).not.toContain('ioredis');
  }, 60_000);

  it('are loaded once PostgreSQL or Redis is asked for', async () => {
    const loaded =
      await packagesLoadedAfter(`const { openPostgres } = await import(${JSON.stringify(`${SRC}/db/postgres-open.ts`)});
const { redisClient } = await import(${JSON.stringify(`${SRC}/jobs/redis-connection.ts`)});
const { bullmq } = await import(${JSON.stringify(`${SRC}/jobs/scale-out-packages.ts`)});
await openPostgres('postgres://nobody@127.0.0.1:1/none').close();
redisClient({ url: 'redis://127.0.0.1:1', prefix: 'x' }).disconnect();
bullmq();`);
    expect(loaded).toEqual(expect.arrayContaining(['pg', 'bullmq', 'ioredis']));
  }, 60_000);
});
