/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * The video list orders by a sort column and then by youtube_id (a stable tie-break, compared by code
 * point). Indexes on exactly that pair let a page, however deep, be read from the index alone, without
 * a sort step; they replace the single-column indexes of 0002. PostgreSQL needs the "C" collation on
 * youtube_id to match the ORDER BY (see codePointOrder in db/dialect.ts).
 */
const SORTS: [string, string][] = [
  ['published', 'videos_published_idx'],
  ['date_downloaded', 'videos_downloaded_idx'],
  ['view_count', 'videos_views_idx'],
  ['like_count', 'videos_likes_idx'],
  ['duration', 'videos_duration_idx'],
  ['media_size', 'videos_size_idx'],
  ['width', 'videos_width_idx'],
  ['height', 'videos_height_idx'],
];

/** The filters the list pages use most (channel page, type tabs, hide watched) by the default sort. */
const FILTERED: [string, string, string][] = [
  ['videos_channel_published_idx', 'channel_id', 'videos_channel_published_id_idx'],
  ['videos_type_published_idx', 'vid_type', 'videos_type_published_id_idx'],
  ['videos_watched_published_idx', 'watched', 'videos_watched_published_id_idx'],
];

const youtubeId = (engine: Engine) => (engine === 'postgres' ? sql`youtube_id collate "C"` : sql`youtube_id`);

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const [column, oldName] of SORTS) {
    await db.schema.dropIndex(oldName).execute();
    await db.schema
      .createIndex(`videos_${column}_id_idx`)
      .on('videos')
      .expression(sql`${sql.ref(column)}, ${youtubeId(engine)}`)
      .execute();
  }
  for (const [oldName, column, name] of FILTERED) {
    await db.schema.dropIndex(oldName).execute();
    await db.schema
      .createIndex(name)
      .on('videos')
      .expression(sql`${sql.ref(column)}, published, ${youtubeId(engine)}`)
      .execute();
  }
}
