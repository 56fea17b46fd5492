/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Kept counts of the download queue for the Downloads page's totals on PostgreSQL (issue 18 point 7).
 * PostgreSQL's count(*) reads every matching row (or its index entries and visibility map), so the total
 * of a page grew with the queue: 0.3 ms at 100 pending, 18 ms at 100 000. Statement triggers keep counts
 * per the keys a Downloads filter uses: (status, vid_type, auto_start, failed) for the whole queue, and
 * (channel_id, status, vid_type, failed) for one channel; a total adds at most a few dozen rows. As in
 * 0020, each statement adds its net change once, keys in order. SQLite keeps its totals until the database
 * changes (counts-until-change.ts) and gets no tables here.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await db.schema
    .createTable('queue_count_totals')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('vid_type', 'text', (c) => c.notNull())
    .addColumn('auto_start', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_count_totals_pk', ['status', 'vid_type', 'auto_start', 'failed'])
    .execute();
  await db.schema
    .createTable('queue_channel_totals')
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('vid_type', 'text', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_channel_totals_pk', ['channel_id', 'status', 'vid_type', 'failed'])
    .execute();
  for (const statement of [...triggers(), ...TOTALS.map(fill)]) await sql.raw(statement).execute(db);
}

const FAILED = 'CASE WHEN message IS NULL THEN 0 ELSE 1 END';

const TOTALS = [
  {
    table: 'queue_count_totals',
    keys: { status: 'status', vid_type: 'vid_type', auto_start: 'auto_start', failed: FAILED },
  },
  {
    table: 'queue_channel_totals',
    keys: { channel_id: 'channel_id', status: 'status', vid_type: 'vid_type', failed: FAILED },
  },
];
type Totals = (typeof TOTALS)[number];

const columns = (t: Totals) => Object.keys(t.keys).join(', ');
const values = (t: Totals) =>
  Object.entries(t.keys)
    .map(([column, value]) => `${value} AS ${column}`)
    .join(', ');

const fill = (t: Totals) =>
  `INSERT INTO ${t.table} (${columns(t)}, doc_count)
   SELECT ${columns(t)}, count(*) FROM (SELECT ${values(t)} FROM download_queue) q GROUP BY ${columns(t)}`;

/** Adds the net change of the rows in `added` (+1) and `removed` (-1) to the counts. */
function apply(t: Totals, added: string | null, removed: string | null): string {
  const parts = [
    added && `SELECT ${values(t)}, 1 AS n FROM ${added}`,
    removed && `SELECT ${values(t)}, -1 AS n FROM ${removed}`,
  ].filter(Boolean);
  return `INSERT INTO ${t.table} AS t (${columns(t)}, doc_count)
    SELECT ${columns(t)}, sum(n) FROM (${parts.join(' UNION ALL ')}) changes
    GROUP BY ${columns(t)} HAVING sum(n) <> 0 ORDER BY ${columns(t)}
    ON CONFLICT (${columns(t)}) DO UPDATE SET doc_count = t.doc_count + EXCLUDED.doc_count;`;
}

const EVENTS = [
  { event: 'INSERT', referencing: 'NEW TABLE AS added_rows', added: 'added_rows', removed: null },
  { event: 'DELETE', referencing: 'OLD TABLE AS removed_rows', added: null, removed: 'removed_rows' },
  {
    event: 'UPDATE',
    referencing: 'OLD TABLE AS removed_rows NEW TABLE AS added_rows',
    added: 'added_rows',
    removed: 'removed_rows',
  },
] as const;

const triggers = () =>
  EVENTS.flatMap(({ event, referencing, added, removed }) => {
    const name = `download_queue_counts_${event.toLowerCase()}`;
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         ${TOTALS.map((t) => apply(t, added, removed)).join('\n')}
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER ${name} AFTER ${event} ON download_queue REFERENCING ${referencing}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ];
  });
