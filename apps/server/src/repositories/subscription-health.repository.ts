import type { Kysely } from 'kysely';
import type { Database, HealthSource } from '../db/tables.ts';

type Kind = 'channel' | 'playlist';

/**
 * The `subscription_health` table (last deep scan, its error, and the last failure of any way of finding
 * uploads, per channel or playlist) and the reads that gather a subscription's health from it,
 * feed_checks and websub_subscriptions. A subscription fails now when its last deep scan, its last feed
 * check or its push subscription has an error.
 */
export class SubscriptionHealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The deep scan went over it: `error` is null when that went well. */
  async scanned(targetId: string, kind: Kind, at: number, error: string | null): Promise<void> {
    await this.write(targetId, kind, { last_scan_at: at, scan_error: error });
  }

  async failed(targetId: string, kind: Kind, source: HealthSource, message: string, at: number) {
    await this.write(targetId, kind, {
      last_failure_at: at,
      last_failure_source: source,
      last_failure: message,
    });
  }

  /** One channel's row with its feed check and push subscription; undefined for an unknown channel. */
  async channel(channelId: string) {
    return this.channels().where('channels.channel_id', '=', channelId).executeTakeFirst();
  }

  /** One playlist's row with its feed check; undefined for an unknown playlist. */
  async playlist(playlistId: string) {
    return this.playlists().where('playlists.playlist_id', '=', playlistId).executeTakeFirst();
  }

  /** Subscribed channels failing now, the newest failure first. */
  async failingChannels(limit: number) {
    return this.channels()
      .where('channels.channel_subscribed', '=', 1)
      .where((eb) =>
        eb.or([
          eb('h.scan_error', 'is not', null),
          eb('f.last_error', 'is not', null),
          eb('w.last_error', 'is not', null),
        ]),
      )
      .orderBy('h.last_failure_at', 'desc')
      .orderBy('channels.channel_id')
      .limit(limit)
      .execute();
  }

  /** Subscribed playlists failing now, the newest failure first. */
  async failingPlaylists(limit: number) {
    return this.playlists()
      .where('playlists.playlist_subscribed', '=', 1)
      .where((eb) => eb.or([eb('h.scan_error', 'is not', null), eb('f.last_error', 'is not', null)]))
      .orderBy('h.last_failure_at', 'desc')
      .orderBy('playlists.playlist_id')
      .limit(limit)
      .execute();
  }

  private channels() {
    return this.db
      .selectFrom('channels')
      .leftJoin('subscription_health as h', 'h.target_id', 'channels.channel_id')
      .leftJoin('feed_checks as f', 'f.target_id', 'channels.channel_id')
      .leftJoin('websub_subscriptions as w', 'w.channel_id', 'channels.channel_id')
      .select([
        'channels.channel_id as id',
        'channels.channel_name as name',
        'channels.channel_subscribed as subscribed',
        'h.last_scan_at',
        'h.scan_error',
        'h.last_failure_at',
        'h.last_failure_source',
        'h.last_failure',
        'f.checked_at',
        'f.last_error as feed_error',
        'f.last_new_at',
        'w.state as push_state',
        'w.lease_expires_at',
        'w.last_push_at',
        'w.last_error as push_error',
        'w.requested_at as push_requested_at',
      ]);
  }

  private playlists() {
    return this.db
      .selectFrom('playlists')
      .leftJoin('subscription_health as h', 'h.target_id', 'playlists.playlist_id')
      .leftJoin('feed_checks as f', 'f.target_id', 'playlists.playlist_id')
      .select([
        'playlists.playlist_id as id',
        'playlists.playlist_name as name',
        'playlists.playlist_subscribed as subscribed',
        'h.last_scan_at',
        'h.scan_error',
        'h.last_failure_at',
        'h.last_failure_source',
        'h.last_failure',
        'f.checked_at',
        'f.last_error as feed_error',
        'f.last_new_at',
      ]);
  }

  /** Update first, insert when there was no row (both engines alike). */
  private async write(
    targetId: string,
    kind: Kind,
    changes: Partial<Record<'last_scan_at' | 'last_failure_at', number>> & {
      last_failure_source?: HealthSource;
      last_failure?: string;
      scan_error?: string | null;
    },
  ): Promise<void> {
    const result = await this.db
      .updateTable('subscription_health')
      .set(changes)
      .where('target_id', '=', targetId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return;
    await this.db
      .insertInto('subscription_health')
      .values({
        target_id: targetId,
        kind,
        last_scan_at: null,
        last_failure_at: null,
        last_failure_source: null,
        last_failure: null,
        scan_error: null,
        ...changes,
      })
      .onConflict((oc) => oc.column('target_id').doUpdateSet(changes))
      .execute();
  }
}
