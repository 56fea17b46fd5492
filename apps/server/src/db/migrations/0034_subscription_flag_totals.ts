/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Channel and playlist counts per (active, subscribed) kept by triggers, as 0012 keeps the video totals:
 * 0012 read them from an index on those flags, since there are thousands of channels and not a hundred
 * thousand, but that scan of 5 000 channels was still the dearest statistic (`/api/stats/channel/`: 0.46 ms
 * of SQLite's CPU a request, 0.85 ms for the whole request against 0.22-0.43 for the others; p95 32 ms at 32
 * clients where the others were 11-19, issue 13). Rows stay at 0 when their last channel goes; readers skip
 * them.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const t of TOTALS) {
    await db.schema
      .createTable(t.table)
      .addColumn(t.active, 'integer', (c) => c.notNull())
      .addColumn(t.subscribed, 'integer', (c) => c.notNull())
      .addColumn('doc_count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${t.table}_pk`, [t.active, t.subscribed])
      .execute();
    const statements = engine === 'postgres' ? postgresTriggers(t) : sqliteTriggers(t);
    for (const statement of [...statements, fill(t)]) await sql.raw(statement).execute(db);
  }
}

interface FlagTotals {
  table: string;
  source: string;
  active: string;
  subscribed: string;
}

const TOTALS: FlagTotals[] = [
  {
    table: 'channel_flag_totals',
    source: 'channels',
    active: 'channel_active',
    subscribed: 'channel_subscribed',
  },
  {
    table: 'playlist_flag_totals',
    source: 'playlists',
    active: 'playlist_active',
    subscribed: 'playlist_subscribed',
  },
];

const keyMatch = (t: FlagTotals, r: string) =>
  `${t.active} = ${r}.${t.active} AND ${t.subscribed} = ${r}.${t.subscribed}`;
const subtract = (t: FlagTotals) =>
  `UPDATE ${t.table} SET doc_count = doc_count - 1 WHERE ${keyMatch(t, 'old')};`;

/** SQLite: no conflict clause inside a trigger (it would give way to the writing statement's own, see 0006). */
const sqliteAdd = (t: FlagTotals) => `
  INSERT INTO ${t.table} (${t.active}, ${t.subscribed}, doc_count)
    SELECT new.${t.active}, new.${t.subscribed}, 0
    WHERE NOT EXISTS (SELECT 1 FROM ${t.table} WHERE ${keyMatch(t, 'new')});
  UPDATE ${t.table} SET doc_count = doc_count + 1 WHERE ${keyMatch(t, 'new')};`;

const sqliteTriggers = (t: FlagTotals) => [
  `CREATE TRIGGER ${t.table}_ai AFTER INSERT ON ${t.source} BEGIN ${sqliteAdd(t)} END`,
  `CREATE TRIGGER ${t.table}_ad AFTER DELETE ON ${t.source} BEGIN ${subtract(t)} END`,
  `CREATE TRIGGER ${t.table}_au AFTER UPDATE OF ${t.active}, ${t.subscribed} ON ${t.source}
   WHEN old.${t.active} IS NOT new.${t.active} OR old.${t.subscribed} IS NOT new.${t.subscribed}
   BEGIN ${subtract(t)} ${sqliteAdd(t)} END`,
];

const postgresTriggers = (t: FlagTotals) => [
  `CREATE FUNCTION ${t.table}_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN ${subtract(t)} END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       INSERT INTO ${t.table} AS t (${t.active}, ${t.subscribed}, doc_count)
         VALUES (NEW.${t.active}, NEW.${t.subscribed}, 1)
       ON CONFLICT (${t.active}, ${t.subscribed}) DO UPDATE SET doc_count = t.doc_count + 1;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER ${t.table}_change AFTER UPDATE OF ${t.active}, ${t.subscribed} ON ${t.source} FOR EACH ROW
   WHEN (OLD.${t.active} IS DISTINCT FROM NEW.${t.active} OR OLD.${t.subscribed} IS DISTINCT FROM NEW.${t.subscribed})
   EXECUTE FUNCTION ${t.table}_sync()`,
  `CREATE TRIGGER ${t.table}_insert_delete AFTER INSERT OR DELETE ON ${t.source} FOR EACH ROW
   EXECUTE FUNCTION ${t.table}_sync()`,
];

/** The counts of what is already there. */
const fill = (t: FlagTotals) =>
  `INSERT INTO ${t.table} (${t.active}, ${t.subscribed}, doc_count)
   SELECT ${t.active}, ${t.subscribed}, count(*) FROM ${t.source} GROUP BY ${t.active}, ${t.subscribed}`;
