import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** The subscribed flags of channels and playlists (the rows themselves are written by the indexers). */
export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets the flag; false when the channel is not indexed. */
  async setChannelSubscribed(channelId: string, subscribed: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('channels')
      .set({ channel_subscribed: subscribed ? 1 : 0 })
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sets the flag of a regular playlist; false when it is not indexed (custom ones cannot subscribe). */
  async setPlaylistSubscribed(playlistId: string, subscribed: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('playlists')
      .set({ playlist_subscribed: subscribed ? 1 : 0 })
      .where('playlist_id', '=', playlistId)
      .where('playlist_type', '=', 'regular')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async channelExists(channelId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('channels')
      .select('channel_id')
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The channel a stored playlist belongs to, if the provider named one. */
  async playlistChannelId(playlistId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('playlists')
      .select('playlist_channel_id')
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
    return row?.playlist_channel_id ?? null;
  }
}
