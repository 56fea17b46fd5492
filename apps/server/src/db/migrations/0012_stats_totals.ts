/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Kept totals for the statistics (`/api/stats/*`, upstream §5), so a request reads a handful of rows instead
 * of summing every video:
 * - `video_totals`: count, size and duration per (vid_type, active, watched), at most 12 rows; the video and
 *   watch figures add them up.
 * - `channel_video_totals`: the same per channel, with an index per order of the biggest channels, so the
 *   top 10 are the first 10 entries of an index.
 * - `queue_totals`: download queue items per (status, vid_type).
 * Triggers keep them on every insert, delete and relevant update, whoever writes (importer, downloader,
 * watched marks, deletes, CLI). Durations are kept in whole milliseconds so that adding and subtracting
 * never drifts. Channel and playlist counts come from an index on (active, subscribed) instead: there are
 * thousands of them, not a hundred thousand.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('video_totals')
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('watched', 'integer', (c) => c.notNull())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addColumn('media_size', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_totals_pk', ['vid_type', 'active', 'watched'])
    .execute();
  await db.schema
    .createTable('channel_video_totals')
    .addColumn('channel_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addColumn('media_size', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .execute();
  for (const [name, column] of [
    ['doc_count', 'doc_count'],
    ['media_size', 'media_size'],
    ['duration', 'duration_ms'],
  ]) {
    await db.schema
      .createIndex(`channel_video_totals_${name}_idx`)
      .on('channel_video_totals')
      .expression(sql`${sql.ref(column!)} DESC, channel_id`)
      .execute();
  }
  await db.schema
    .createTable('queue_totals')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_totals_pk', ['status', 'vid_type'])
    .execute();
  await db.schema
    .createIndex('channels_active_subscribed_idx')
    .on('channels')
    .columns(['channel_active', 'channel_subscribed'])
    .execute();
  await db.schema
    .createIndex('playlists_active_subscribed_idx')
    .on('playlists')
    .columns(['playlist_active', 'playlist_subscribed'])
    .execute();
  // the download history reads the last days' sizes from the index alone
  await db.schema
    .createIndex('videos_downloaded_size_idx')
    .on('videos')
    .columns(['date_downloaded', 'media_size'])
    .execute();

  const statements = engine === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS;
  for (const statement of [...statements, ...FILL]) await sql.raw(statement).execute(db);
}

const ms = (r: string) => `CAST(round(${r}.duration * 1000) AS bigint)`;

/** One kept-totals table: its key columns, the source row's values for them, and the summed columns. */
interface Totals {
  table: string;
  keys: string[];
  /** column → expression over the source row `r` added per row */
  sums: Record<string, (r: string) => string>;
}

const VIDEO_TOTALS: Totals = {
  table: 'video_totals',
  keys: ['vid_type', 'active', 'watched'],
  sums: { doc_count: () => '1', media_size: (r) => `${r}.media_size`, duration_ms: ms },
};
const CHANNEL_TOTALS: Totals = {
  table: 'channel_video_totals',
  keys: ['channel_id'],
  sums: VIDEO_TOTALS.sums,
};
const QUEUE_TOTALS: Totals = {
  table: 'queue_totals',
  keys: ['status', 'vid_type'],
  sums: { doc_count: () => '1' },
};

const keyMatch = (t: Totals, r: string) => t.keys.map((k) => `${k} = ${r}.${k}`).join(' AND ');
const sumColumns = (t: Totals) => Object.keys(t.sums).join(', ');
const change = (t: Totals, r: string, sign: '+' | '-') =>
  Object.entries(t.sums)
    .map(([column, value]) => `${column} = ${column} ${sign} ${value(r)}`)
    .join(', ');

/** Subtracts row `old` from its totals row. */
const subtract = (t: Totals) => `UPDATE ${t.table} SET ${change(t, 'old', '-')} WHERE ${keyMatch(t, 'old')};`;

/**
 * SQLite: adds row `new` to its totals row, creating it first. No conflict clause: inside a trigger it would
 * give way to the writing statement's own (see 0006).
 */
const sqliteAdd = (t: Totals) => [
  `INSERT INTO ${t.table} (${t.keys.join(', ')}, ${sumColumns(t)})
     SELECT ${t.keys.map((k) => `new.${k}`).join(', ')}, ${Object.keys(t.sums)
       .map(() => '0')
       .join(', ')}
     WHERE NOT EXISTS (SELECT 1 FROM ${t.table} WHERE ${keyMatch(t, 'new')});`,
  `UPDATE ${t.table} SET ${change(t, 'new', '+')} WHERE ${keyMatch(t, 'new')};`,
];

const sqliteTriggers = (source: string, totals: Totals[], watched: string[]) => [
  `CREATE TRIGGER ${source}_totals_ai AFTER INSERT ON ${source} BEGIN
     ${totals.flatMap(sqliteAdd).join('\n')}
   END`,
  `CREATE TRIGGER ${source}_totals_ad AFTER DELETE ON ${source} BEGIN
     ${totals.map(subtract).join('\n')}
   END`,
  `CREATE TRIGGER ${source}_totals_au AFTER UPDATE OF ${watched.join(', ')} ON ${source}
   WHEN ${watched.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')} BEGIN
     ${totals.map(subtract).join('\n')}
     ${totals.flatMap(sqliteAdd).join('\n')}
   END`,
];

const VIDEO_WATCHED = ['vid_type', 'active', 'watched', 'media_size', 'duration', 'channel_id'];
const QUEUE_WATCHED = ['status', 'vid_type'];

const SQLITE_TRIGGERS = [
  ...sqliteTriggers('videos', [VIDEO_TOTALS, CHANNEL_TOTALS], VIDEO_WATCHED),
  ...sqliteTriggers('download_queue', [QUEUE_TOTALS], QUEUE_WATCHED),
];

const postgresAdd = (t: Totals) =>
  `INSERT INTO ${t.table} AS t (${t.keys.join(', ')}, ${sumColumns(t)})
     VALUES (${[...t.keys.map((k) => `NEW.${k}`), ...Object.values(t.sums).map((v) => v('NEW'))].join(', ')})
   ON CONFLICT (${t.keys.join(', ')}) DO UPDATE SET ${Object.keys(t.sums)
     .map((c) => `${c} = t.${c} + EXCLUDED.${c}`)
     .join(', ')};`;

const postgresTriggers = (source: string, totals: Totals[], watched: string[]) => [
  `CREATE FUNCTION ${source}_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       ${totals.map(subtract).join('\n')}
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       ${totals.map(postgresAdd).join('\n')}
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER ${source}_totals_change AFTER UPDATE OF ${watched.join(', ')} ON ${source} FOR EACH ROW
   WHEN (${watched.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ')})
   EXECUTE FUNCTION ${source}_totals_sync()`,
  `CREATE TRIGGER ${source}_totals_insert_delete AFTER INSERT OR DELETE ON ${source} FOR EACH ROW
   EXECUTE FUNCTION ${source}_totals_sync()`,
];

const POSTGRES_TRIGGERS = [
  ...postgresTriggers('videos', [VIDEO_TOTALS, CHANNEL_TOTALS], VIDEO_WATCHED),
  ...postgresTriggers('download_queue', [QUEUE_TOTALS], QUEUE_WATCHED),
];

/** The totals of what is already there. */
const fill = (t: Totals, source: string) =>
  `INSERT INTO ${t.table} (${t.keys.join(', ')}, ${sumColumns(t)})
   SELECT ${t.keys.join(', ')}, ${Object.values(t.sums)
     .map((v) => `sum(${v('r')})`)
     .join(', ')}
   FROM ${source} r GROUP BY ${t.keys.join(', ')}`;

const FILL = [
  fill(VIDEO_TOTALS, 'videos'),
  fill(CHANNEL_TOTALS, 'videos'),
  fill(QUEUE_TOTALS, 'download_queue'),
];
