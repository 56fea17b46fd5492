/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 18 point 7 on SQLite: the queue counts PostgreSQL keeps since 0024, kept here by row triggers.
 * SQLite kept a page's total only until the next write (counts-until-change.ts), and a download run
 * writes all the time: a total counted 100 000 pending items again, 3.8 ms against 0.04 ms at 100. The
 * channel filter's counts (both engines) grouped every item: 40 ms. Same tables and keys as 0024:
 * (status, vid_type, auto_start, failed) and (channel_id, status, vid_type, failed). Rows stay at 0 when
 * their items go; readers skip them.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await db.schema
    .createTable('queue_count_totals')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('vid_type', 'text', (c) => c.notNull())
    .addColumn('auto_start', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('doc_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_count_totals_pk', ['status', 'vid_type', 'auto_start', 'failed'])
    .execute();
  await db.schema
    .createTable('queue_channel_totals')
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('vid_type', 'text', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('doc_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_channel_totals_pk', ['channel_id', 'status', 'vid_type', 'failed'])
    .execute();
  for (const statement of [...TRIGGERS, ...TOTALS.map(fill)]) await sql.raw(statement).execute(db);
}

const failed = (row: string) => `CASE WHEN ${row}message IS NULL THEN 0 ELSE 1 END`;

const TOTALS = [
  {
    table: 'queue_count_totals',
    keys: {
      status: (r: string) => `${r}status`,
      vid_type: (r: string) => `${r}vid_type`,
      auto_start: (r: string) => `${r}auto_start`,
      failed,
    },
  },
  {
    table: 'queue_channel_totals',
    keys: {
      channel_id: (r: string) => `${r}channel_id`,
      status: (r: string) => `${r}status`,
      vid_type: (r: string) => `${r}vid_type`,
      failed,
    },
  },
];
type Totals = (typeof TOTALS)[number];

const columns = (t: Totals) => Object.keys(t.keys).join(', ');
const match = (t: Totals, r: string) =>
  Object.entries(t.keys)
    .map(([column, value]) => `${column} = ${value(r)}`)
    .join(' AND ');

const fill = (t: Totals) =>
  `INSERT INTO ${t.table} (${columns(t)}, doc_count)
   SELECT ${columns(t)}, count(*) FROM (SELECT ${Object.entries(t.keys)
     .map(([column, value]) => `${value('')} AS ${column}`)
     .join(', ')} FROM download_queue) GROUP BY ${columns(t)}`;

/**
 * Adds a row's key to its count, creating the count first. No conflict clause: inside a trigger it would
 * give way to the writing statement's own (see 0006, 0012).
 */
const add = (t: Totals) => [
  `INSERT INTO ${t.table} (${columns(t)}, doc_count)
     SELECT ${Object.values(t.keys)
       .map((value) => value('new.'))
       .join(', ')}, 0
     WHERE NOT EXISTS (SELECT 1 FROM ${t.table} WHERE ${match(t, 'new.')});`,
  `UPDATE ${t.table} SET doc_count = doc_count + 1 WHERE ${match(t, 'new.')};`,
];
const subtract = (t: Totals) => `UPDATE ${t.table} SET doc_count = doc_count - 1 WHERE ${match(t, 'old.')};`;

/** The columns the keys are made of; an update that changes none of them leaves the counts alone. */
const KEY_COLUMNS = ['status', 'vid_type', 'auto_start', 'channel_id'];
const KEY_CHANGED = [
  ...KEY_COLUMNS.map((c) => `old.${c} IS NOT new.${c}`),
  '(old.message IS NULL) IS NOT (new.message IS NULL)',
].join(' OR ');

const TRIGGERS = [
  `CREATE TRIGGER download_queue_counts_ai AFTER INSERT ON download_queue BEGIN
     ${TOTALS.flatMap(add).join('\n')}
   END`,
  `CREATE TRIGGER download_queue_counts_ad AFTER DELETE ON download_queue BEGIN
     ${TOTALS.map(subtract).join('\n')}
   END`,
  `CREATE TRIGGER download_queue_counts_au AFTER UPDATE OF ${[...KEY_COLUMNS, 'message'].join(', ')}
   ON download_queue WHEN ${KEY_CHANGED} BEGIN
     ${TOTALS.map(subtract).join('\n')}
     ${TOTALS.flatMap(add).join('\n')}
   END`,
];
