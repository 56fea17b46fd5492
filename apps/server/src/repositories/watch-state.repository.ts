import type { Kysely } from 'kysely';
import type { Database, VideoRow } from '../db/tables.ts';

/** What a watched mark names: one video, all videos of a channel, or all archived videos of a playlist. */
export type WatchScope = { kind: 'video' | 'channel' | 'playlist'; id: string };

export type VideoWatchState = Pick<VideoRow, 'youtube_id' | 'duration' | 'watched' | 'watched_date'>;

/**
 * Writes of the watch state (upstream §7.3): the global watched flag on videos and each user's saved
 * position. Scopes are subqueries, so a channel of any size is one statement, not a list of ids.
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

  async videoState(youtubeId: string): Promise<VideoWatchState | undefined> {
    return this.db
      .selectFrom('videos')
      .select(['youtube_id', 'duration', 'watched', 'watched_date'])
      .where('youtube_id', '=', youtubeId)
      .executeTakeFirst();
  }

  /**
   * Sets the watched flag on every video of the scope whose state differs (watched_date is now when
   * marking watched, cleared when not) and drops the user's saved positions for them, in one transaction.
   * Returns how many videos changed.
   */
  async mark(scope: WatchScope, watched: boolean, userId: number, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('videos')
        .set({ watched: watched ? 1 : 0, watched_date: watched ? now : null })
        .where('youtube_id', 'in', scopeIds(trx, scope))
        .where('watched', '!=', watched ? 1 : 0)
        .executeTakeFirst();
      await trx
        .deleteFrom('watch_progress')
        .where('user_id', '=', userId)
        .where('youtube_id', 'in', scopeIds(trx, scope))
        .execute();
      return Number(result.numUpdatedRows);
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
