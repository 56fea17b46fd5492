/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19: a watched mark no longer moves `video_list_version` (0030 made it); it replaces its owner's marks
 * token instead, scope -N of `video_page_tokens` for user N (0037 has the archive's, scope 0, and each user's
 * marks and positions, scope N). The version drops the kept keyset anchors of the lists it covers
 * (repositories/video-list-anchors.ts), and a mark moved it for every list of every user: one person marking
 * videos made everyone's deep pages find their anchors again (measured: 10 ms of server CPU a page, p95
 * 264 ms, at a mark every 100 ms). A list of one user's marks now also checks that user's marks token, which
 * a saved position leaves alone.
 */
const SQLITE_TOKEN = 'abs(random()) % 9007199254740991';
const POSTGRES_TOKEN = 'floor(random() * 9007199254740991)::bigint';

const sqliteMarksToken = (row: 'new' | 'old') =>
  `INSERT INTO video_page_tokens (scope, token) VALUES (-${row}.user_id, ${SQLITE_TOKEN})
   ON CONFLICT (scope) DO UPDATE SET token = excluded.token;`;

const SQLITE = [
  'DROP TRIGGER video_watches_list_version_ai',
  'DROP TRIGGER video_watches_list_version_ad',
  `CREATE TRIGGER video_watches_marks_token_insert AFTER INSERT ON video_watches
   BEGIN ${sqliteMarksToken('new')} END`,
  `CREATE TRIGGER video_watches_marks_token_update AFTER UPDATE OF user_id, youtube_id ON video_watches
   BEGIN ${sqliteMarksToken('old')} ${sqliteMarksToken('new')} END`,
  `CREATE TRIGGER video_watches_marks_token_delete AFTER DELETE ON video_watches
   BEGIN ${sqliteMarksToken('old')} END`,
];

const EVENTS = [
  { event: 'INSERT', referencing: 'NEW TABLE AS added_rows', rows: ['added_rows'] },
  { event: 'DELETE', referencing: 'OLD TABLE AS removed_rows', rows: ['removed_rows'] },
  {
    event: 'UPDATE',
    referencing: 'OLD TABLE AS removed_rows NEW TABLE AS added_rows',
    rows: ['added_rows', 'removed_rows'],
  },
];

const POSTGRES = [
  'DROP TRIGGER video_watches_list_version ON video_watches',
  ...EVENTS.flatMap(({ event, referencing, rows }) => {
    const name = `video_watches_marks_token_${event.toLowerCase()}`;
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         INSERT INTO video_page_tokens AS t (scope, token)
         SELECT -user_id, ${POSTGRES_TOKEN}
         FROM (SELECT DISTINCT user_id FROM (${rows.map((r) => `SELECT user_id FROM ${r}`).join(' UNION ALL ')}) rows) touched
         ORDER BY user_id
         ON CONFLICT (scope) DO UPDATE SET token = EXCLUDED.token;
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER ${name} AFTER ${event} ON video_watches REFERENCING ${referencing}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ];
  }),
];

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const statement of engine === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
