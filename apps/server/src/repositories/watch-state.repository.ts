import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { WatchMark } from './video-query.repository.ts';

/** What a watched mark names: one video, all videos of a channel, or all archived videos of a playlist. */
export type WatchScope = { kind: 'video' | 'channel' | 'playlist'; id: string };

/** A video's duration and one user's watch state of it. */
export type VideoWatchState = { youtube_id: string; duration: number } & WatchMark;

/**
 * Writes of the watch state: each user's watched marks (`video_watches`, migration 0030) and saved
 * positions. Scopes are subqueries, so a channel of any size is one statement, not a list of ids.
 */
export class WatchStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which kind of thing the id names, looking at videos first (ids do not collide across kinds). */
  async scopeOf(id: string): Promise<WatchScope | undefined> {
    for (const [kind, table, column] of [
      ['video', 'videos', 'youtube_id'],
      ['channel', 'channels', 'channel_id'],
      ['playlist', 'playlists', 'playlist_id'],
    ] as const) {
      const found = await this.db.selectFrom(table).select(column).where(column, '=', id).executeTakeFirst();
      if (found) return { kind, id };
    }
    return undefined;
  }

  async videoState(youtubeId: string, userId: number): Promise<VideoWatchState | undefined> {
    return this.db
      .selectFrom('videos')
      .leftJoin('video_watches', (join) =>
        join
          .onRef('video_watches.youtube_id', '=', 'videos.youtube_id')
          .on('video_watches.user_id', '=', userId),
      )
      .select([
        'videos.youtube_id',
        'videos.duration',
        sql<number>`case when video_watches.user_id is null then 0 else 1 end`.as('watched'),
        'video_watches.watched_date',
      ])
      .where('videos.youtube_id', '=', youtubeId)
      .executeTakeFirst();
  }

  /**
   * Marks every video of the scope watched or unwatched for this user only, where their state differs
   * (a video already watched keeps its date), and drops the user's saved positions for them, in one
   * transaction. Returns how many videos changed.
   */
  async mark(scope: WatchScope, watched: boolean, userId: number, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const result = watched
        ? await trx
            .insertInto('video_watches')
            .columns(['user_id', 'youtube_id', 'watched_date', 'vid_type', 'duration_ms'])
            .expression(
              trx
                .selectFrom('videos')
                .select([
                  sql.lit(userId).as('user_id'),
                  'videos.youtube_id',
                  sql.lit(now).as('watched_date'),
                  'videos.vid_type',
                  sql<number>`CAST(round(videos.duration * 1000) AS bigint)`.as('duration_ms'),
                ])
                .where('videos.youtube_id', 'in', scopeIds(trx, scope))
                .where(({ not, exists, selectFrom }) =>
                  not(
                    exists(
                      selectFrom('video_watches')
                        .select('video_watches.youtube_id')
                        .where('video_watches.user_id', '=', userId)
                        .whereRef('video_watches.youtube_id', '=', 'videos.youtube_id'),
                    ),
                  ),
                ),
            )
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await trx
            .deleteFrom('video_watches')
            .where('user_id', '=', userId)
            .where('youtube_id', 'in', scopeIds(trx, scope))
            .executeTakeFirst()
            .then((r) => Number(r.numDeletedRows));
      await trx
        .deleteFrom('watch_progress')
        .where('user_id', '=', userId)
        .where('youtube_id', 'in', scopeIds(trx, scope))
        .execute();
      return result;
    });
  }

  async savePosition(userId: number, youtubeId: string, position: number, now: number): Promise<void> {
    await this.db
      .insertInto('watch_progress')
      .values({ user_id: userId, youtube_id: youtubeId, position, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'youtube_id']).doUpdateSet({ position, updated_at: now }))
      .execute();
  }

  async deletePosition(userId: number, youtubeId: string): Promise<void> {
    await this.db
      .deleteFrom('watch_progress')
      .where('user_id', '=', userId)
      .where('youtube_id', '=', youtubeId)
      .execute();
  }
}

/** The ids of the videos a scope names, as a subquery. */
function scopeIds(db: Kysely<Database>, scope: WatchScope) {
  if (scope.kind === 'channel') {
    return db.selectFrom('videos').select('youtube_id').where('channel_id', '=', scope.id);
  }
  if (scope.kind === 'playlist') {
    return db.selectFrom('playlist_entries').select('youtube_id').where('playlist_id', '=', scope.id);
  }
  return db.selectFrom('videos').select('youtube_id').where('youtube_id', '=', scope.id);
}
