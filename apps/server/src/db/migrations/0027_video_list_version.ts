/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * A number that moves whenever a write could change which videos a list holds or their order: inserts,
 * deletes, and updates of the list's filter and sort columns. The video list keeps where its deep pages
 * start (keyset anchors, `video-list-anchors.ts`) until it moves. Kept by triggers, so every writer in
 * every process moves it in the same transaction as its write: on PostgreSQL a worker's download is
 * visible in the API's next answer. PostgreSQL bumps it once per statement, SQLite per row.
 */
const LIST_COLUMNS = [
  'youtube_id',
  'channel_id',
  'vid_type',
  'watched',
  'height',
  'published',
  'date_downloaded',
  'view_count',
  'like_count',
  'duration',
  'media_size',
  'width',
];

const BUMP = 'UPDATE video_list_version SET version = version + 1';

const SQLITE = [
  `CREATE TRIGGER videos_list_version_ai AFTER INSERT ON videos BEGIN ${BUMP}; END`,
  `CREATE TRIGGER videos_list_version_ad AFTER DELETE ON videos BEGIN ${BUMP}; END`,
  `CREATE TRIGGER videos_list_version_au AFTER UPDATE OF ${LIST_COLUMNS.join(', ')} ON videos
   WHEN ${LIST_COLUMNS.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}
   BEGIN ${BUMP}; END`,
];

const POSTGRES = [
  `CREATE FUNCTION video_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     ${BUMP};
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER videos_list_version AFTER INSERT OR DELETE OR UPDATE OF ${LIST_COLUMNS.join(', ')}
   ON videos FOR EACH STATEMENT EXECUTE FUNCTION video_list_version_bump()`,
];

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('video_list_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('video_list_version').values({ id: 1, version: 0 }).execute();
  for (const statement of engine === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
