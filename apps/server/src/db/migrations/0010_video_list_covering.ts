/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

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

/**
 * The video list's sort indexes of 0005 (sort column, youtube_id) also carry the two filters of the list
 * pages, `watched` (hide watched) and `vid_type` (the type tabs). A filtered page is then read from the
 * index alone, in order: at 100 000 videos, page 3 000 of the unwatched sorted by views took 55-80 ms
 * (SQLite took the watched index and sorted every row) and takes ~2 ms. The video list keeps SQLite's
 * planner on these indexes (video-query.repository.ts); PostgreSQL decides from its statistics.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const youtubeId = engine === 'postgres' ? sql`youtube_id collate "C"` : sql`youtube_id`;
  for (const column of SORT_COLUMNS) {
    await db.schema.dropIndex(`videos_${column}_id_idx`).execute();
    await db.schema
      .createIndex(`videos_${column}_list_idx`)
      .on('videos')
      .expression(sql`${sql.ref(column)}, ${youtubeId}, watched, vid_type`)
      .execute();
  }
}
