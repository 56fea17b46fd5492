// The database engines a benchmark measures, picked by environment, and the machine's conditions that go with
// every figure. SQLite always (a temporary folder); PostgreSQL too when BENCH_DATABASE_URL is set, each run in
// a schema of its own that is dropped afterwards, unless BENCH_PG_SCHEMA names one to keep and reuse (as
// BENCH_DATA_DIR keeps an SQLite archive). BENCH_ENGINES=sqlite|postgres|sqlite,postgres narrows the list.
//
// Use: for (const engine of benchEngines()) { const place = await engine.open('stats'); try { seed(place);
//   startBundleServer({ dataDir: place.dataDir, env: place.serverEnv, ... }) } finally { await place.close() } }
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openSqlite, type DatabaseHandle } from '../../apps/server/src/db/dialect.ts';
import { openPostgres } from '../../apps/server/src/db/postgres-open.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrator.ts';

export type EngineName = 'sqlite' | 'postgres';

/** Where one engine's archive lives for one run. */
export interface BenchPlace {
  engine: EngineName;
  /** the server's TK_DATA_DIR (the SQLite file lives here; on PostgreSQL only the cache and media folders) */
  dataDir: string;
  /** SQLite: the database file */
  sqliteFile?: string;
  /** PostgreSQL: a connection string whose connections use the run's schema */
  url?: string;
  schema?: string;
  /** whether the place was kept from an earlier run (BENCH_DATA_DIR, BENCH_PG_SCHEMA) and may be seeded */
  reused: boolean;
  /** what the server needs in its environment to use this place (DATABASE_URL on PostgreSQL) */
  serverEnv: Record<string, string>;
  /** a migrated Kysely handle on the place (close it before the server starts on SQLite, or keep it) */
  openMigrated(): Promise<DatabaseHandle>;
  /** removes what the run made, unless it is to be kept */
  close(): Promise<void>;
}

export interface BenchEngine {
  name: EngineName;
  /** `label` names the temporary folder or schema (e.g. "stats") */
  open(label: string): Promise<BenchPlace>;
}

/** The engines to measure: SQLite, and PostgreSQL when BENCH_DATABASE_URL is set (BENCH_ENGINES narrows). */
export function benchEngines(): BenchEngine[] {
  const url = process.env.BENCH_DATABASE_URL;
  const wanted = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  const engines: BenchEngine[] = [];
  if (wanted.includes('sqlite')) engines.push({ name: 'sqlite', open: openSqlitePlace });
  if (wanted.includes('postgres') && url)
    engines.push({ name: 'postgres', open: (label) => openPostgresPlace(url, label) });
  if (wanted.includes('postgres') && !url && process.env.BENCH_ENGINES)
    throw new Error('BENCH_ENGINES asks for postgres: set BENCH_DATABASE_URL=postgres://…');
  return engines;
}

/**
 * Runs `measure` once per engine of benchEngines(), each in a place of its own that is closed afterwards, and
 * gives the figures keyed by engine name (what every archive bench prints side by side).
 */
export async function measureEachEngine(
  label: string,
  measure: (place: BenchPlace) => Promise<unknown>,
): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const engine of benchEngines()) {
    const place = await engine.open(label);
    try {
      results[engine.name] = await measure(place);
    } finally {
      await place.close();
    }
  }
  return results;
}

async function openSqlitePlace(label: string): Promise<BenchPlace> {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), `tk-${label}-bench-`));
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tubekeeper.db');
  const reused = keep !== undefined && fs.existsSync(file);
  return {
    engine: 'sqlite',
    dataDir,
    sqliteFile: file,
    reused,
    serverEnv: {},
    async openMigrated() {
      const handle = openSqlite(file);
      await migrateToLatest(handle.db, handle.engine);
      return handle;
    },
    close: async () => {
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A connection string whose sessions use `schema` (the server reads DATABASE_URL as given). */
export function urlWithSchema(url: string, schema: string): string {
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

async function openPostgresPlace(url: string, label: string): Promise<BenchPlace> {
  const keep = process.env.BENCH_PG_SCHEMA;
  const schema = keep ?? `bench_${label}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`BENCH_PG_SCHEMA: not a plain name: ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const existing = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  const reused = keep !== undefined && existing.rowCount === 1;
  if (!reused) await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tk-${label}-bench-pg-`));
  const schemaUrl = urlWithSchema(url, schema);
  return {
    engine: 'postgres',
    dataDir,
    url: schemaUrl,
    schema,
    reused,
    serverEnv: { DATABASE_URL: schemaUrl },
    async openMigrated() {
      const handle = openPostgres(url, schema);
      await migrateToLatest(handle.db, handle.engine);
      return handle;
    },
    async close() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (keep) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The load of the machine (what `uptime` prints: 1, 5 and 15 minute averages) and its cores. The machine
 * is shared, so every figure carries the load it was taken under.
 */
export function machineLoad(): { load_average: number[]; cpus: number } {
  return { load_average: os.loadavg().map(round2), cpus: os.cpus().length };
}

/** The machine's CPU time counters (/proc/stat's first line, in clock ticks); undefined off Linux. */
export function cpuTicks(): number[] | undefined {
  try {
    return fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return undefined;
  }
}

/**
 * How the machine's CPU time went between two `cpuTicks()` readings, as shares of all of it: user (niceness
 * 0 or less), nice (user time of niced processes: the downloads' ffmpeg, ffprobe and yt-dlp), system (the
 * kernel, on behalf of any process), idle. Shows who took the cores during a phase.
 */
export function cpuSplit(before: number[] | undefined, after: number[] | undefined) {
  if (!before || !after) return undefined;
  const d = after.map((v, i) => v - before[i]!);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = d as [number, ...number[]];
  const total = d.slice(0, 8).reduce((a, b) => a + b, 0) || 1;
  const share = (v: number | undefined) => round2((v ?? 0) / total);
  return {
    user: share(user),
    nice: share(nice),
    system: share((system ?? 0) + (irq ?? 0) + (softirq ?? 0)),
    idle: share((idle ?? 0) + (iowait ?? 0)),
    steal: share(steal),
  };
}
