import type { Kysely } from 'kysely';
import type { Database, VideosTable } from '../db/tables.ts';

/** A watched video due for auto delete, with what the ignore list keeps of it. */
export interface RemovableVideo {
  youtube_id: string;
  title: string;
  channel_id: string;
  channel_name: string;
  vid_type: VideosTable['vid_type'];
  published: number;
  duration: number;
  thumb_url: string | null;
}

export interface AutodeleteQuery {
  /** last marked watched (by any user) at or before this time */
  watchedBefore: number;
  /** only these channels; absent: every channel */
  channelIds?: string[];
  /** never these channels */
  excludeChannelIds?: string[];
}

/**
 * Finds the watched videos the auto delete rules of upstream §4.1 remove. Watched is per user (migration
 * 0030); auto delete acts on the whole archive, so a video counts as watched once any user marked it, dated
 * by the latest of those marks: nobody loses a video someone has just watched.
 */
export class AutodeleteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async watchedVideos(query: AutodeleteQuery): Promise<RemovableVideo[]> {
    if (query.channelIds?.length === 0) return [];
    const lastWatched = this.db
      .selectFrom('video_watches')
      .select((eb) => [
        'video_watches.youtube_id',
        eb.fn.max('video_watches.watched_date').as('watched_date'),
      ])
      .groupBy('video_watches.youtube_id')
      .as('w');
    const rows = await this.db
      .selectFrom('videos')
      .innerJoin('channels', 'channels.channel_id', 'videos.channel_id')
      .innerJoin(lastWatched, 'w.youtube_id', 'videos.youtube_id')
      .select([
        'videos.youtube_id',
        'videos.title',
        'videos.channel_id',
        'channels.channel_name',
        'videos.vid_type',
        'videos.published',
        'videos.duration',
        'videos.thumb_url',
      ])
      .where('w.watched_date', 'is not', null)
      .where('w.watched_date', '<=', query.watchedBefore)
      .$if(!!query.channelIds, (q) => q.where('videos.channel_id', 'in', query.channelIds!))
      .$if(!!query.excludeChannelIds?.length, (q) =>
        q.where('videos.channel_id', 'not in', query.excludeChannelIds!),
      )
      .orderBy('w.watched_date')
      .execute();
    return rows;
  }
}
