// Seeds the search benchmark's library into PostgreSQL: the very rows seed.ts writes into SQLite (the same
// generator), so both engines hold the same archive. Fast at 100 000 videos and millions of lines: each batch
// of 2 000 videos is one INSERT … SELECT FROM unnest(arrays) per table (one round trip, one statement for the
// per-statement totals triggers of 0020), the search triggers are off during the load and the search tables
// are then filled by the server's own `tubekeeper search rebuild` (one pass each, the GIN indexes built
// afterwards).
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/postgres-open.ts';
import { refillSearchTables } from '../../apps/server/src/db/search/pg-rebuild.ts';
import { LibraryGenerator, type Samples, type SeedSize, type TableRows } from './seed.ts';

const log = (message: string) => process.stderr.write(`[search bench] ${message}\n`);

async function columnTypes(client: pg.Client, table: string): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return new Map(rows.map((r) => [r.name, r.type]));
}

/** Writes rows through one `INSERT … SELECT * FROM unnest($1::type[], …)`: one parameter per column. */
async function insertRows(client: pg.Client, types: Map<string, Map<string, string>>, rows: TableRows) {
  if (rows.rows.length === 0) return;
  const tableTypes = types.get(rows.table)!;
  const casts = rows.columns.map((c, i) => `$${i + 1}::${tableTypes.get(c)}[]`);
  const arrays = rows.columns.map((_, i) => rows.rows.map((row) => row[i]));
  await client.query(
    `INSERT INTO ${rows.table} (${rows.columns.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`,
    arrays,
  );
}

/** The search triggers, turned off for the load (the side tables are filled in one pass afterwards). */
async function searchTriggers(client: pg.Client): Promise<{ table: string; name: string }[]> {
  const { rows } = await client.query<{ table: string; name: string }>(
    `SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND t.tgname LIKE '%search%' AND c.relnamespace = current_schema()::regnamespace`,
  );
  return rows;
}

/** Seeds the library into the schema `url` points at (already migrated); returns the samples. */
export async function seedPostgresLibrary(url: string, size: SeedSize): Promise<Samples> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // a bulk load on a machine others use: no wait for each commit's flush
    await client.query('SET synchronous_commit = off');
    const triggers = await searchTriggers(client);
    for (const t of triggers) await client.query(`ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`);
    const types = new Map<string, Map<string, string>>();
    for (const table of ['channels', 'playlists', 'videos', 'subtitle_fragments'])
      types.set(table, await columnTypes(client, table));
    const generator = new LibraryGenerator(size);
    const write = async (batch: TableRows[]) => {
      await client.query('BEGIN');
      for (const rows of batch) await insertRows(client, types, rows);
      await client.query('COMMIT');
    };
    await write(generator.channelsAndPlaylists());
    for (const batch of generator.videoBatches()) await write(batch);
    log('building the search tables');
    const started = performance.now();
    const server = openPostgres(url);
    try {
      await refillSearchTables(server.db);
    } finally {
      await server.close();
    }
    log(`  search tables filled and indexed (${Math.round((performance.now() - started) / 1000)} s)`);
    for (const t of triggers) await client.query(`ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`);
    // the statistics autovacuum would gather on a live database, and the visibility map for index-only
    // scans; table by table, since a bare VACUUM would walk every schema of the database (others' too)
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`,
    );
    for (const { name } of tables) await client.query(`VACUUM ANALYZE ${name}`);
    return generator.samples;
  } finally {
    await client.end();
  }
}
