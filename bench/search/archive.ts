// The benchmark archive on one engine: seeded once per size (kept with BENCH_DATA_DIR / BENCH_PG_SCHEMA and
// reused when the size matches), its size on disk, and the server's memory while it is measured.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { BenchPlace } from '../support/engines.ts';
import { seedPostgresLibrary } from './seed-postgres.ts';
import { seedLibrary, type Samples, type SeedSize } from './seed.ts';

const log = (message: string) => process.stderr.write(`[archive bench] ${message}\n`);

/** Which size a kept archive was seeded at, and its samples (SQLite: a file beside it; PostgreSQL: a table). */
async function savedSeed(place: BenchPlace, key: string): Promise<Samples | undefined> {
  if (!place.reused) return undefined;
  if (place.engine === 'sqlite') {
    const file = path.join(place.dataDir, 'search-bench-samples.json');
    if (!fs.existsSync(file)) return undefined;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    return saved.size === key ? saved.samples : undefined;
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ samples: Samples }>(
      `SELECT samples FROM bench_seed WHERE size = $1`,
      [key],
    );
    return rows[0]?.samples;
  } catch {
    return undefined; // not seeded yet
  } finally {
    await client.end();
  }
}

async function saveSeed(place: BenchPlace, key: string, samples: Samples): Promise<void> {
  if (place.engine === 'sqlite') {
    const file = path.join(place.dataDir, 'search-bench-samples.json');
    fs.writeFileSync(file, JSON.stringify({ size: key, samples }));
    return;
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  await client.query(`CREATE TABLE IF NOT EXISTS bench_seed (size text PRIMARY KEY, samples json NOT NULL)`);
  await client.query(`INSERT INTO bench_seed (size, samples) VALUES ($1, $2)`, [
    key,
    JSON.stringify(samples),
  ]);
  await client.end();
}

/** Empties a kept place seeded at another size, so the seed starts from a fresh, migrated database. */
async function emptyPlace(place: BenchPlace): Promise<void> {
  if (place.engine === 'sqlite') {
    for (const name of fs.readdirSync(place.dataDir))
      fs.rmSync(path.join(place.dataDir, name), { recursive: true });
    return;
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  await client.query(`DROP SCHEMA ${place.schema} CASCADE`);
  await client.query(`CREATE SCHEMA ${place.schema}`);
  await client.end();
}

/** The seeded archive on `place`, seeded now unless kept from an earlier run at the same size. */
export async function prepareArchive(
  place: BenchPlace,
  size: SeedSize,
): Promise<{ samples: Samples; seedSeconds: number | null }> {
  const key = JSON.stringify(size);
  const saved = await savedSeed(place, key);
  if (saved) {
    log(`${place.engine}: reusing the archive seeded at ${key}`);
    return { samples: saved, seedSeconds: null };
  }
  if (place.reused) await emptyPlace(place);
  const started = performance.now();
  const handle = await place.openMigrated();
  await handle.close();
  log(
    `${place.engine}: seeding ${size.videos} videos, ${size.lines} subtitle lines, ${size.channels} channels`,
  );
  const samples =
    place.engine === 'sqlite'
      ? seedLibrary(place.sqliteFile!, size)
      : await seedPostgresLibrary(place.url!, size);
  const seedSeconds = Math.round((performance.now() - started) / 1000);
  await saveSeed(place, key, samples);
  log(`${place.engine}: seeded in ${seedSeconds} s`);
  return { samples, seedSeconds };
}

/** Bytes of the search indexes and of the whole database. */
export async function archiveBytes(place: BenchPlace): Promise<{ index_bytes: number; db_bytes: number }> {
  if (place.engine === 'sqlite') {
    const file = place.sqliteFile!;
    const db = new Database(file, { readonly: true });
    const row = db
      .prepare(
        `SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE '%\\_fts%' ESCAPE '\\' OR name LIKE 'search\\_keys%' ESCAPE '\\'`,
      )
      .get() as { bytes: number };
    db.close();
    const fileSize = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    return { index_bytes: row.bytes, db_bytes: fileSize(file) + fileSize(`${file}-wal`) };
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  const { rows } = await client.query<{ index_bytes: string; db_bytes: string }>(
    `SELECT sum(pg_total_relation_size(c.oid)) FILTER (WHERE c.relname LIKE '%\\_search') AS index_bytes,
       sum(pg_total_relation_size(c.oid)) AS db_bytes
     FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'm')`,
  );
  await client.end();
  return { index_bytes: Number(rows[0]!.index_bytes), db_bytes: Number(rows[0]!.db_bytes) };
}

/**
 * SQLite: reads the database file once so the queries run against the OS page cache, as on a server that
 * has been in use; a cold cache would measure the disk's random reads instead. PostgreSQL: its own buffers
 * and the OS cache warm during the warm-up rounds of each measurement.
 */
export async function warmPageCache(place: BenchPlace): Promise<number | null> {
  const started = performance.now();
  if (place.engine === 'sqlite') {
    for await (const _chunk of fs.createReadStream(place.sqliteFile!, { highWaterMark: 8 << 20 })) {
      // reading is the point
    }
  } else if (!(await prewarmPostgres(place.url!))) {
    return null;
  }
  return Math.round((performance.now() - started) / 1000);
}

/**
 * PostgreSQL's side of the same warm-up: every table and index of the run's schema read once (pg_prewarm's
 * 'read' mode), so its files are in the OS page cache as the SQLite file is. Measured cold, a phrase search
 * that reads 3 000 lines took 146 ms of disk reads where the same search warm took 7 ms (27 Nov). False when
 * pg_prewarm is not available (it ships with PostgreSQL; creating it takes a superuser).
 */
async function prewarmPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm WITH SCHEMA public');
    const { rows } = await client.query<{ oid: number }>(
      `SELECT c.oid FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
         AND c.relkind IN ('r', 'i', 't', 'm')
       UNION SELECT c.reltoastrelid FROM pg_class c
       WHERE c.relnamespace = current_schema()::regnamespace AND c.reltoastrelid <> 0`,
    );
    for (const { oid } of rows) await client.query(`SELECT public.pg_prewarm($1::regclass, 'read')`, [oid]);
    return true;
  } catch (error) {
    log(`postgres: the page cache was not warmed (${(error as Error).message})`);
    return false;
  } finally {
    await client.end();
  }
}

/**
 * The server's resident memory: all of it, and split into what it allocated (anonymous: heaps, SQLite's page
 * caches) and pages of files it maps (the code, and the database file when search threads read it through a
 * memory map: TK_SEARCH_MMAP_MB, off by default). The memory budget (DESIGN.md §9) is about all of it. Also
 * the largest RSS since the server started (the kernel's high-water mark): the figure now depends on when V8
 * last collected (two runs of bench:downloading on one bundle ended at 238 and 307 MB, both having passed
 * 450 MB). On PostgreSQL this is the Node server alone.
 */
export function rss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
  return {
    rss_mb: mb('VmRSS'),
    rss_anon_mb: mb('RssAnon'),
    rss_file_mb: mb('RssFile'),
    rss_peak_mb: mb('VmHWM'),
  };
}
