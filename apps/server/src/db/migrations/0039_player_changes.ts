/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19: which videos each change of a user's token (scope N of `video_page_tokens`, migration 0037)
 * touched. A saved position replaced the token and so every kept page's players of that user were read again,
 * while it changes one video's player. Each row links the token before a change to the token after it and
 * names one video the change touched, so a reader can follow the chain from a page's token to the current
 * one and see whether any of the page's videos is on it (services/player-changes.ts). A link, not an order:
 * tokens are random, so a chain found is a real sequence of changes whatever was restored or raced; a
 * broken one means "read the players again".
 *
 * `prev_token` is null for a user's first change (there was no token to link from). The newest 20 000 rows
 * are kept (all users together: a user whose pages are older than that reads their players again).
 */
const USER_TABLES = ['video_watches', 'watch_progress'];
const KEPT_ROWS = 20_000;

/** Below 2^53, so it reads back exactly as a JavaScript number. */
const SQLITE_TOKEN = 'abs(random()) % 9007199254740991';
const POSTGRES_TOKEN = 'floor(random() * 9007199254740991)::bigint';

/** One row's change on SQLite (a trigger per row): logged with a fresh token, which then becomes the user's. */
const sqliteChange = (row: 'new' | 'old') =>
  `INSERT INTO player_changes (user_id, prev_token, token, youtube_id)
   VALUES (${row}.user_id, (SELECT token FROM video_page_tokens WHERE scope = ${row}.user_id), ${SQLITE_TOKEN},
     ${row}.youtube_id);
   INSERT INTO video_page_tokens (scope, token)
   VALUES (${row}.user_id, (SELECT token FROM player_changes WHERE seq = last_insert_rowid()))
   ON CONFLICT (scope) DO UPDATE SET token = excluded.token;`;

const SQLITE_PRUNE = `DELETE FROM player_changes
  WHERE seq <= (SELECT max(seq) FROM player_changes) - ${KEPT_ROWS};`;

const SQLITE = USER_TABLES.flatMap((table) => [
  `DROP TRIGGER ${table}_page_token_insert`,
  `DROP TRIGGER ${table}_page_token_update`,
  `DROP TRIGGER ${table}_page_token_delete`,
  `CREATE TRIGGER ${table}_page_token_insert AFTER INSERT ON ${table}
   BEGIN ${sqliteChange('new')} ${SQLITE_PRUNE} END`,
  `CREATE TRIGGER ${table}_page_token_update AFTER UPDATE ON ${table}
   BEGIN ${sqliteChange('old')} ${sqliteChange('new')} ${SQLITE_PRUNE} END`,
  `CREATE TRIGGER ${table}_page_token_delete AFTER DELETE ON ${table}
   BEGIN ${sqliteChange('old')} ${SQLITE_PRUNE} END`,
]);

/**
 * A statement's change on PostgreSQL: one new token per user it touched (as 0037), each touched video logged
 * with the user's token before and after. The users' token rows are locked first, in order, so the token
 * read as "before" is the one replaced.
 */
const postgresChange = (rows: string[]) => {
  const touched = `SELECT DISTINCT user_id, youtube_id FROM (${rows
    .map((r) => `SELECT user_id, youtube_id FROM ${r}`)
    .join(' UNION ALL ')}) rows`;
  return `PERFORM 1 FROM video_page_tokens WHERE scope IN (SELECT user_id FROM (${touched}) t)
     ORDER BY scope FOR UPDATE;
   WITH touched AS (${touched}),
   fresh AS MATERIALIZED (SELECT user_id, ${POSTGRES_TOKEN} AS token FROM (SELECT DISTINCT user_id FROM touched) u),
   logged AS (
     INSERT INTO player_changes (user_id, prev_token, token, youtube_id)
     SELECT f.user_id, t.token, f.token, c.youtube_id
     FROM fresh f JOIN touched c ON c.user_id = f.user_id LEFT JOIN video_page_tokens t ON t.scope = f.user_id)
   INSERT INTO video_page_tokens AS t (scope, token)
   SELECT user_id, token FROM fresh ORDER BY user_id
   ON CONFLICT (scope) DO UPDATE SET token = EXCLUDED.token;
   DELETE FROM player_changes WHERE seq <= (SELECT max(seq) FROM player_changes) - ${KEPT_ROWS};`;
};

const EVENTS = [
  { event: 'insert', rows: ['added_rows'] },
  { event: 'delete', rows: ['removed_rows'] },
  { event: 'update', rows: ['added_rows', 'removed_rows'] },
];

/** 0037's trigger functions, rewritten in place: its triggers call them by name. */
const POSTGRES = EVENTS.map(
  ({ event, rows }) =>
    `CREATE OR REPLACE FUNCTION video_page_token_users_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${postgresChange(rows)}
       RETURN NULL;
     END $$`,
);

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const table = db.schema.createTable('player_changes');
  await (
    engine === 'postgres'
      ? table.addColumn('seq', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('prev_token', 'bigint')
    .addColumn('token', 'bigint', (c) => c.notNull())
    .addColumn('youtube_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('player_changes_user_seq')
    .on('player_changes')
    .columns(['user_id', 'seq'])
    .execute();
  for (const statement of engine === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
