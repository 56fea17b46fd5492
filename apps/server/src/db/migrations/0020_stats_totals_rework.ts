/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Two changes to the statistics totals of 0012, both found by the stats benchmark at 100 000 videos:
 *
 * 1. `download_quarters`: downloads and their bytes per quarter hour of `date_downloaded`. The download history
 *    summed the week's videos per request (2 000 downloads a week: 4 ms, which 32 clients queue into 140 ms);
 *    it now adds at most 8 × 96 kept rows. Quarter hours, not days, because days begin at midnight of the
 *    server's `TZ`, and every zone's offset is a whole number of quarter hours.
 * 2. PostgreSQL keeps the totals once per statement instead of once per row. A row-level trigger updated the
 *    same totals row for every video a statement wrote, and PostgreSQL writes a new version of a row on each
 *    update, which later updates in the same transaction step over: inserting 100 000 videos in one statement
 *    ran for minutes, and marking a large channel watched would slow the same way. Statement triggers see
 *    the written rows as transition tables and add each key's net change once, keys in order (two
 *    statements meet the same totals rows in the same order). SQLite updates rows in place and keeps row
 *    triggers.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('download_quarters')
    .addColumn('quarter', 'bigint', (c) => c.primaryKey())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addColumn('media_size', 'bigint', (c) => c.notNull())
    .execute();
  const statements =
    engine === 'postgres'
      ? [...DROP_ROW_TRIGGERS, ...POSTGRES_TRIGGERS]
      : sqliteTriggers('videos_quarters', 'videos', QUARTERS, ['date_downloaded', 'media_size']);
  for (const statement of [...statements, fill(QUARTERS, 'videos')]) await sql.raw(statement).execute(db);
  // 0012's index for the history's per-request sums: nothing reads it now
  await db.schema.dropIndex('videos_downloaded_size_idx').execute();
}

const QUARTER_MS = 900_000;

interface Totals {
  table: string;
  /** key column → its value from a source row's columns */
  keys: Record<string, string>;
  /** summed column → the value one source row adds */
  sums: Record<string, string>;
}

const VIDEO_SUMS = {
  doc_count: '1',
  media_size: 'media_size',
  duration_ms: 'CAST(round(duration * 1000) AS bigint)',
};
const QUARTERS: Totals = {
  table: 'download_quarters',
  keys: { quarter: `date_downloaded / ${QUARTER_MS}` },
  sums: { doc_count: '1', media_size: 'media_size' },
};
const VIDEO_TOTALS: Totals[] = [
  {
    table: 'video_totals',
    keys: { vid_type: 'vid_type', active: 'active', watched: 'watched' },
    sums: VIDEO_SUMS,
  },
  { table: 'channel_video_totals', keys: { channel_id: 'channel_id' }, sums: VIDEO_SUMS },
  QUARTERS,
];
const QUEUE_TOTALS: Totals[] = [
  { table: 'queue_totals', keys: { status: 'status', vid_type: 'vid_type' }, sums: { doc_count: '1' } },
];

/** An expression over the source row's columns, for row `r` (SQLite's `new`/`old`). */
const of = (expression: string, r: string) =>
  expression.replace(/\b(date_downloaded|media_size|duration)\b/g, `${r}.$1`);

const fill = (t: Totals, source: string) => {
  const keys = Object.values(t.keys);
  return `INSERT INTO ${t.table} (${Object.keys(t.keys).join(', ')}, ${Object.keys(t.sums).join(', ')})
    SELECT ${keys.join(', ')}, ${Object.values(t.sums)
      .map((v) => `sum(${v})`)
      .join(', ')}
    FROM ${source} GROUP BY ${keys.join(', ')}`;
};

// SQLite: row triggers as in 0012 (no conflict clause inside a trigger: see 0006)
const match = (t: Totals, r: string) =>
  Object.entries(t.keys)
    .map(([column, value]) => `${column} = ${of(value, r)}`)
    .join(' AND ');
const change = (t: Totals, r: string, sign: '+' | '-') =>
  Object.entries(t.sums)
    .map(([column, value]) => `${column} = ${column} ${sign} ${of(value, r)}`)
    .join(', ');
const subtract = (t: Totals) => `UPDATE ${t.table} SET ${change(t, 'old', '-')} WHERE ${match(t, 'old')};`;
const add = (t: Totals) => [
  `INSERT INTO ${t.table} (${Object.keys(t.keys).join(', ')}, ${Object.keys(t.sums).join(', ')})
     SELECT ${Object.values(t.keys)
       .map((v) => of(v, 'new'))
       .join(', ')}, ${Object.keys(t.sums)
       .map(() => '0')
       .join(', ')}
     WHERE NOT EXISTS (SELECT 1 FROM ${t.table} WHERE ${match(t, 'new')});`,
  `UPDATE ${t.table} SET ${change(t, 'new', '+')} WHERE ${match(t, 'new')};`,
];
const sqliteTriggers = (name: string, source: string, t: Totals, watched: string[]) => [
  `CREATE TRIGGER ${name}_ai AFTER INSERT ON ${source} BEGIN ${add(t).join('\n')} END`,
  `CREATE TRIGGER ${name}_ad AFTER DELETE ON ${source} BEGIN ${subtract(t)} END`,
  `CREATE TRIGGER ${name}_au AFTER UPDATE OF ${watched.join(', ')} ON ${source}
   WHEN ${watched.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}
   BEGIN ${subtract(t)} ${add(t).join('\n')} END`,
];

// PostgreSQL: statement triggers over transition tables
const DROP_ROW_TRIGGERS = ['videos', 'download_queue'].flatMap((source) => [
  `DROP TRIGGER ${source}_totals_change ON ${source}`,
  `DROP TRIGGER ${source}_totals_insert_delete ON ${source}`,
  `DROP FUNCTION ${source}_totals_sync()`,
]);

/** Adds the net change of the rows in `added` (counted +1) and `removed` (counted -1) to the totals. */
function apply(t: Totals, added: string | null, removed: string | null): string {
  const keys = Object.keys(t.keys).join(', ');
  const sums = Object.keys(t.sums);
  const part = (rows: string, sign: string) =>
    `SELECT ${Object.entries(t.keys)
      .map(([column, value]) => `${value} AS ${column}`)
      .join(', ')}, ${Object.values(t.sums)
      .map((value, i) => `${sign}(${value}) AS s${i}`)
      .join(', ')} FROM ${rows}`;
  const parts = [added && part(added, '+'), removed && part(removed, '-')].filter(Boolean);
  return `INSERT INTO ${t.table} AS t (${keys}, ${sums.join(', ')})
    SELECT ${keys}, ${sums.map((_, i) => `sum(s${i})`).join(', ')}
    FROM (${parts.join(' UNION ALL ')}) changes
    GROUP BY ${keys}
    HAVING ${sums.map((_, i) => `sum(s${i}) <> 0`).join(' OR ')}
    ORDER BY ${keys}
    ON CONFLICT (${keys}) DO UPDATE SET ${sums.map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ')};`;
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

const statementTriggers = (source: string, totals: Totals[]) =>
  EVENTS.flatMap(({ event, referencing, added, removed }) => {
    const name = `${source}_totals_${event.toLowerCase()}`;
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         ${totals.map((t) => apply(t, added, removed)).join('\n')}
         RETURN NULL;
       END $$`,
      // a column list (UPDATE OF) is not allowed with transition tables; unchanged keys net to nothing
      `CREATE TRIGGER ${name} AFTER ${event} ON ${source} REFERENCING ${referencing}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ];
  });

const POSTGRES_TRIGGERS = [
  ...statementTriggers('videos', VIDEO_TOTALS),
  ...statementTriggers('download_queue', QUEUE_TOTALS),
];
