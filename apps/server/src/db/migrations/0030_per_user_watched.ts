/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Watched becomes per user (issue 13: "the watch figures are the signed-in user's own"; the product is for a
 * family or a team). Until now a video was watched for everyone (`videos.watched`, `videos.watched_date`,
 * upstream §7.3); now:
 *
 * - `video_watches`: one row per (user, video) the user marked watched, with the date. It carries a copy of
 *   the video's type and duration (ms), kept by a trigger on `videos`, so its totals can be kept from its
 *   own rows alone, also when a deleted video or user takes its rows with it (ON DELETE CASCADE: by then
 *   the video is gone and could not be read).
 * - `user_watch_totals`: per (user, vid_type) the watched videos and their milliseconds, kept by triggers
 *   in the style of 0012/0020, so the watch statistics and the list totals with a watch filter read a few
 *   rows whatever the archive's size.
 * - Every video watched so far becomes watched, with its date, for every existing user: what each of them
 *   saw before.
 * - `videos.watched` and `videos.watched_date` go, so there is one truth. What read them goes with them or
 *   is rebuilt without them: `video_totals` (keyed by type and active only), the list indexes of 0010
 *   (sort column, youtube_id, vid_type), the list version triggers of 0027 (a watch change now moves the
 *   version through triggers on `video_watches`).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('video_watches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('youtube_id', 'varchar(64)', (c) =>
      c.notNull().references('videos.youtube_id').onDelete('cascade'),
    )
    // null only for a video an upstream backup says is watched without saying when
    .addColumn('watched_date', 'bigint')
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_watches_pk', ['user_id', 'youtube_id'])
    .execute();
  // a video's marks: the cascade of its delete, auto delete's latest mark, the backup's "watched by anyone"
  await db.schema
    .createIndex('video_watches_video_idx')
    .on('video_watches')
    .columns(['youtube_id', 'watched_date'])
    .execute();
  await db.schema
    .createTable('user_watch_totals')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_watch_totals_pk', ['user_id', 'vid_type'])
    .execute();

  await sql`INSERT INTO video_watches (user_id, youtube_id, watched_date, vid_type, duration_ms)
    SELECT u.id, v.youtube_id, v.watched_date, v.vid_type, CAST(round(v.duration * 1000) AS bigint)
    FROM videos v CROSS JOIN users u WHERE v.watched = 1`.execute(db);
  await sql.raw(fill(WATCH_TOTALS, 'video_watches')).execute(db);

  // what reads the old columns goes first: SQLite refuses to drop a column a trigger or an index names
  for (const statement of engine === 'postgres' ? POSTGRES_DROP : SQLITE_DROP)
    await sql.raw(statement).execute(db);
  for (const column of [
    ...SORT_COLUMNS.map((c) => `videos_${c}_list_idx`),
    'videos_watched_published_id_idx',
  ])
    await db.schema.dropIndex(column).execute();
  await db.schema.alterTable('videos').dropColumn('watched').execute();
  await db.schema.alterTable('videos').dropColumn('watched_date').execute();

  await db.schema.dropTable('video_totals').execute();
  await db.schema
    .createTable('video_totals')
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('doc_count', 'bigint', (c) => c.notNull())
    .addColumn('media_size', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_totals_pk', ['vid_type', 'active'])
    .execute();
  await sql.raw(fill(VIDEO_TOTALS, 'videos')).execute(db);

  for (const statement of engine === 'postgres' ? POSTGRES_CREATE : SQLITE_CREATE)
    await sql.raw(statement).execute(db);

  // 0010's list indexes without `watched`: the per-user filter probes video_watches by its key instead
  const youtubeId = engine === 'postgres' ? sql`youtube_id collate "C"` : sql`youtube_id`;
  for (const column of SORT_COLUMNS) {
    await db.schema
      .createIndex(`videos_${column}_list_idx`)
      .on('videos')
      .expression(sql`${sql.ref(column)}, ${youtubeId}, vid_type`)
      .execute();
  }
}

const SORT_COLUMNS = [
  'published',
  'date_downloaded',
  'view_count',
  'like_count',
  'duration',
  'media_size',
  'width',
  'height',
];

/** 0027's columns, less `watched`. */
const LIST_COLUMNS = [
  'youtube_id',
  'channel_id',
  'vid_type',
  'height',
  'published',
  'date_downloaded',
  'view_count',
  'like_count',
  'duration',
  'media_size',
  'width',
];

const MS = 'CAST(round(duration * 1000) AS bigint)';
const BUMP = 'UPDATE video_list_version SET version = version + 1';

interface Totals {
  table: string;
  /** key column → its value from a source row's columns */
  keys: Record<string, string>;
  /** summed column → the value one source row adds */
  sums: Record<string, string>;
}

const VIDEO_SUMS = { doc_count: '1', media_size: 'media_size', duration_ms: MS };
const VIDEO_TOTALS: Totals = {
  table: 'video_totals',
  keys: { vid_type: 'vid_type', active: 'active' },
  sums: VIDEO_SUMS,
};
const CHANNEL_TOTALS: Totals = {
  table: 'channel_video_totals',
  keys: { channel_id: 'channel_id' },
  sums: VIDEO_SUMS,
};
/** 0020's, unchanged: its PostgreSQL function is rewritten below with the others of `videos`. */
const QUARTERS: Totals = {
  table: 'download_quarters',
  keys: { quarter: 'date_downloaded / 900000' },
  sums: { doc_count: '1', media_size: 'media_size' },
};
const WATCH_TOTALS: Totals = {
  table: 'user_watch_totals',
  keys: { user_id: 'user_id', vid_type: 'vid_type' },
  sums: { doc_count: '1', duration_ms: 'duration_ms' },
};

const fill = (t: Totals, source: string) => {
  const keys = Object.values(t.keys);
  return `INSERT INTO ${t.table} (${Object.keys(t.keys).join(', ')}, ${Object.keys(t.sums).join(', ')})
    SELECT ${keys.join(', ')}, ${Object.values(t.sums)
      .map((v) => `sum(${v})`)
      .join(', ')}
    FROM ${source} GROUP BY ${keys.join(', ')}`;
};

// SQLite: row triggers, as 0012 and 0020 write them (no conflict clause inside a trigger: see 0006)
const of = (expression: string, r: string) =>
  expression.replace(
    /\b(date_downloaded|media_size|duration|duration_ms|vid_type|active|channel_id|user_id)\b/g,
    `${r}.$1`,
  );
const match = (t: Totals, r: string) =>
  Object.entries(t.keys)
    .map(([column, value]) => `${column} = ${of(value, r)}`)
    .join(' AND ');
const change = (t: Totals, r: string, sign: '+' | '-') =>
  Object.entries(t.sums)
    .map(([column, value]) => `${column} = ${column} ${sign} ${of(value, r)}`)
    .join(', ');
const subtract = (t: Totals) => `UPDATE ${t.table} SET ${change(t, 'old', '-')} WHERE ${match(t, 'old')};`;
const add = (t: Totals) =>
  `INSERT INTO ${t.table} (${Object.keys(t.keys).join(', ')}, ${Object.keys(t.sums).join(', ')})
     SELECT ${Object.values(t.keys)
       .map((v) => of(v, 'new'))
       .join(', ')}, ${Object.keys(t.sums)
       .map(() => '0')
       .join(', ')}
     WHERE NOT EXISTS (SELECT 1 FROM ${t.table} WHERE ${match(t, 'new')});
   UPDATE ${t.table} SET ${change(t, 'new', '+')} WHERE ${match(t, 'new')};`;
const changed = (columns: string[]) => columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');

const sqliteTotals = (name: string, source: string, totals: Totals[], columns: string[]) => [
  `CREATE TRIGGER ${name}_ai AFTER INSERT ON ${source} BEGIN ${totals.map(add).join('\n')} END`,
  `CREATE TRIGGER ${name}_ad AFTER DELETE ON ${source} BEGIN ${totals.map(subtract).join('\n')} END`,
  `CREATE TRIGGER ${name}_au AFTER UPDATE OF ${columns.join(', ')} ON ${source} WHEN ${changed(columns)}
   BEGIN ${totals.map(subtract).join('\n')} ${totals.map(add).join('\n')} END`,
];

const SQLITE_DROP = [
  'DROP TRIGGER videos_totals_ai',
  'DROP TRIGGER videos_totals_ad',
  'DROP TRIGGER videos_totals_au',
  'DROP TRIGGER videos_list_version_au',
];

const SQLITE_CREATE = [
  ...sqliteTotals(
    'videos_totals',
    'videos',
    [VIDEO_TOTALS, CHANNEL_TOTALS],
    ['vid_type', 'active', 'media_size', 'duration', 'channel_id'],
  ),
  `CREATE TRIGGER videos_list_version_au AFTER UPDATE OF ${LIST_COLUMNS.join(', ')} ON videos
   WHEN ${changed(LIST_COLUMNS)} BEGIN ${BUMP}; END`,
  // the copies a video's marks carry follow the video
  `CREATE TRIGGER videos_watch_copy_au AFTER UPDATE OF vid_type, duration ON videos
   WHEN ${changed(['vid_type', 'duration'])} BEGIN
     UPDATE video_watches SET vid_type = new.vid_type, duration_ms = ${of(MS, 'new')}
     WHERE youtube_id = new.youtube_id;
   END`,
  ...sqliteTotals(
    'video_watches_totals',
    'video_watches',
    [WATCH_TOTALS],
    ['user_id', 'vid_type', 'duration_ms'],
  ),
  // a mark changes which videos a user's watched and unwatched lists hold
  `CREATE TRIGGER video_watches_list_version_ai AFTER INSERT ON video_watches BEGIN ${BUMP}; END`,
  `CREATE TRIGGER video_watches_list_version_ad AFTER DELETE ON video_watches BEGIN ${BUMP}; END`,
];

// PostgreSQL: statement triggers over transition tables, as 0020 writes them
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

/** The functions of `source`'s statement triggers; `create` also creates the triggers (0020 made those of videos). */
const statementTotals = (source: string, totals: Totals[], create: boolean) =>
  EVENTS.flatMap(({ event, referencing, added, removed }) => {
    const name = `${source}_totals_${event.toLowerCase()}`;
    return [
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         ${totals.map((t) => apply(t, added, removed)).join('\n')}
         RETURN NULL;
       END $$`,
      ...(create
        ? [
            `CREATE TRIGGER ${name} AFTER ${event} ON ${source} REFERENCING ${referencing}
             FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
          ]
        : []),
    ];
  });

const POSTGRES_DROP = ['DROP TRIGGER videos_list_version ON videos'];

const POSTGRES_CREATE = [
  ...statementTotals('videos', [VIDEO_TOTALS, CHANNEL_TOTALS, QUARTERS], false),
  `CREATE TRIGGER videos_list_version AFTER INSERT OR DELETE OR UPDATE OF ${LIST_COLUMNS.join(', ')}
   ON videos FOR EACH STATEMENT EXECUTE FUNCTION video_list_version_bump()`,
  `CREATE FUNCTION videos_watch_copy() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     UPDATE video_watches w SET vid_type = n.vid_type, duration_ms = CAST(round(n.duration * 1000) AS bigint)
     FROM added_rows n
     WHERE w.youtube_id = n.youtube_id
       AND (w.vid_type <> n.vid_type OR w.duration_ms <> CAST(round(n.duration * 1000) AS bigint));
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER videos_watch_copy AFTER UPDATE ON videos REFERENCING NEW TABLE AS added_rows
   FOR EACH STATEMENT EXECUTE FUNCTION videos_watch_copy()`,
  ...statementTotals('video_watches', [WATCH_TOTALS], true),
  `CREATE TRIGGER video_watches_list_version AFTER INSERT OR DELETE ON video_watches
   FOR EACH STATEMENT EXECUTE FUNCTION video_list_version_bump()`,
];
