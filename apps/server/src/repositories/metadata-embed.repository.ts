import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { codePointOrder, type Engine } from '../db/dialect.ts';

/** What the metadata embedding writes into one media file. */
export interface EmbedSource {
  youtube_id: string;
  title: string;
  description: string | null;
  published: number;
  media_url: string;
  channel_name: string;
}

/** The reads and the one write of resync_metadata (upstream §3.7). */
export class MetadataEmbedRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  async countVideos(): Promise<number> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of videos in id order after `afterId`, so videos added or deleted meanwhile do not shift pages. */
  async page(afterId: string | undefined, limit: number): Promise<EmbedSource[]> {
    let query = this.db
      .selectFrom('videos')
      .innerJoin('channels', 'channels.channel_id', 'videos.channel_id')
      .select([
        'videos.youtube_id',
        'videos.title',
        'videos.description',
        'videos.published',
        'videos.media_url',
        'channels.channel_name',
      ])
      .orderBy(codePointOrder(this.engine, 'videos.youtube_id'))
      .limit(limit);
    if (afterId !== undefined)
      query = query.where(codePointOrder(this.engine, 'videos.youtube_id'), '>', afterId);
    const rows = await query.execute();
    // bigint columns arrive as strings from PostgreSQL
    return rows.map((row) => ({ ...row, published: Number(row.published) }));
  }

  /** The file changed size with its new tags and cover. */
  async setMediaSize(youtubeId: string, size: number): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ media_size: size })
      .where('youtube_id', '=', youtubeId)
      .execute();
  }
}
