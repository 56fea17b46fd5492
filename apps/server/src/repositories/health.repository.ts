import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** The few reads `GET /api/health/?details=true` makes. */
export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** epoch ms of the newest download, or null for an empty archive */
  async lastDownload(): Promise<number | null> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.max('date_downloaded').as('last'))
      .executeTakeFirst();
    return row?.last == null ? null : Number(row.last);
  }

  /** Subscriptions whose last feed check failed, with the channel's or playlist's name. */
  async failingFeeds() {
    return this.db
      .selectFrom('feed_checks')
      .leftJoin('channels', 'channels.channel_id', 'feed_checks.target_id')
      .leftJoin('playlists', 'playlists.playlist_id', 'feed_checks.target_id')
      .select([
        'feed_checks.target_id as id',
        'feed_checks.kind',
        'feed_checks.last_error',
        'feed_checks.checked_at',
        'channels.channel_name',
        'playlists.playlist_name',
      ])
      .where('feed_checks.last_error', 'is not', null)
      .orderBy('feed_checks.target_id')
      .execute();
  }
}
