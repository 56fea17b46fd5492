/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19: what a video list page shows, as tokens that change with every write to it, so a page's JSON can
 * be kept until one does (services/video-page-cache.ts). Scope 0 covers the archive a page reads (videos,
 * their channels, subtitles and playlist entries); scope N the marks and saved positions of user N (user ids
 * start at 1), so one person watching, whose player saves a position every few seconds, does not void
 * everyone else's kept pages.
 *
 * A token is a random number, not a counter: a state of the database has one token, whatever happened
 * before, so pages kept before a backup was restored are right again or never met (a counter restored to an
 * older value would meet pages kept at that value from another history). Triggers replace it in the
 * writer's own transaction, so a reader that reads the token first and the page after never sees an older
 * page than its token. PostgreSQL replaces the archive's once per statement (a statement that changed no row
 * too: it only costs a kept page), the users' once per user a statement touched; SQLite per row.
 */
const ARCHIVE_TABLES = ['videos', 'channels', 'subtitles', 'playlist_entries'];
const USER_TABLES = ['video_watches', 'watch_progress'];

/** Below 2^53, so it reads back exactly as a JavaScript number. */
const SQLITE_TOKEN = 'abs(random()) % 9007199254740991';
const POSTGRES_TOKEN = 'floor(random() * 9007199254740991)::bigint';

const sqliteUserToken = (row: 'new' | 'old') =>
  `INSERT INTO video_page_tokens (scope, token) VALUES (${row}.user_id, ${SQLITE_TOKEN})
   ON CONFLICT (scope) DO UPDATE SET token = excluded.token;`;

const SQLITE = [
  ...ARCHIVE_TABLES.flatMap((table) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (event) =>
        `CREATE TRIGGER ${table}_page_token_${event.toLowerCase()} AFTER ${event} ON ${table}
         BEGIN UPDATE video_page_tokens SET token = ${SQLITE_TOKEN} WHERE scope = 0; END`,
    ),
  ),
  ...USER_TABLES.flatMap((table) => [
    `CREATE TRIGGER ${table}_page_token_insert AFTER INSERT ON ${table} BEGIN ${sqliteUserToken('new')} END`,
    `CREATE TRIGGER ${table}_page_token_update AFTER UPDATE ON ${table}
     BEGIN ${sqliteUserToken('old')} ${sqliteUserToken('new')} END`,
    `CREATE TRIGGER ${table}_page_token_delete AFTER DELETE ON ${table} BEGIN ${sqliteUserToken('old')} END`,
  ]),
];

/** The users a statement touched, in order (two writers lock the token rows in the same order). */
const postgresUserTokens = (rows: string[]) =>
  `INSERT INTO video_page_tokens AS t (scope, token)
   SELECT user_id, ${POSTGRES_TOKEN}
   FROM (SELECT DISTINCT user_id FROM (${rows.map((r) => `SELECT user_id FROM ${r}`).join(' UNION ALL ')}) rows) touched
   ORDER BY user_id
   ON CONFLICT (scope) DO UPDATE SET token = EXCLUDED.token;`;

const USER_EVENTS = [
  { event: 'INSERT', referencing: 'NEW TABLE AS added_rows', rows: ['added_rows'] },
  { event: 'DELETE', referencing: 'OLD TABLE AS removed_rows', rows: ['removed_rows'] },
  {
    event: 'UPDATE',
    referencing: 'OLD TABLE AS removed_rows NEW TABLE AS added_rows',
    rows: ['added_rows', 'removed_rows'],
  },
];

const POSTGRES = [
  `CREATE FUNCTION video_page_token_archive() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     UPDATE video_page_tokens SET token = ${POSTGRES_TOKEN} WHERE scope = 0;
     RETURN NULL;
   END $$`,
  ...ARCHIVE_TABLES.map(
    (table) =>
      `CREATE TRIGGER ${table}_page_token AFTER INSERT OR UPDATE OR DELETE ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION video_page_token_archive()`,
  ),
  ...USER_EVENTS.map(
    ({ event, rows }) =>
      `CREATE FUNCTION video_page_token_users_${event.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresUserTokens(rows)}
         RETURN NULL;
       END $$`,
  ),
  // a trigger with transition tables takes one event
  ...USER_TABLES.flatMap((table) =>
    USER_EVENTS.map(
      ({ event, referencing }) =>
        `CREATE TRIGGER ${table}_page_token_${event.toLowerCase()} AFTER ${event} ON ${table}
         REFERENCING ${referencing} FOR EACH STATEMENT
         EXECUTE FUNCTION video_page_token_users_${event.toLowerCase()}()`,
    ),
  ),
];

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('video_page_tokens')
    .addColumn('scope', 'integer', (c) => c.primaryKey())
    .addColumn('token', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('video_page_tokens').values({ scope: 0, token: 0 }).execute();
  for (const statement of engine === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
