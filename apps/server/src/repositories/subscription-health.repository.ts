import type { Kysely } from 'kysely';
import type { Database, HealthSource } from '../db/tables.ts';

type Kind = 'channel' | 'playlist';

/**
 * The `subscription_health` table (last deep scan and last failure per channel or playlist) and the read
 * that gathers one channel's health from it, feed_checks and websub_subscriptions.
 */
export class SubscriptionHealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async scanned(targetId: string, kind: Kind, at: number): Promise<void> {
    await this.write(targetId, kind, { last_scan_at: at });
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
    return this.select().where('channels.channel_id', '=', channelId).executeTakeFirst();
  }

  /** Subscribed channels with a last failure, the newest failure first. */
  async failingChannels(limit: number) {
    return this.select()
      .where('channels.channel_subscribed', '=', 1)
      .where('h.last_failure', 'is not', null)
      .orderBy('h.last_failure_at', 'desc')
      .orderBy('channels.channel_id')
      .limit(limit)
      .execute();
  }

  private select() {
    return this.db
      .selectFrom('channels')
      .leftJoin('subscription_health as h', 'h.target_id', 'channels.channel_id')
      .leftJoin('feed_checks as f', 'f.target_id', 'channels.channel_id')
      .leftJoin('websub_subscriptions as w', 'w.channel_id', 'channels.channel_id')
      .select([
        'channels.channel_id',
        'channels.channel_name',
        'channels.channel_subscribed',
        'h.last_scan_at',
        'h.last_failure_at',
        'h.last_failure_source',
        'h.last_failure',
        'f.checked_at',
        'f.last_error as feed_error',
        'f.last_new_at',
        'w.state as push_state',
        'w.lease_expires_at',
        'w.last_push_at',
      ]);
  }

  /** Update first, insert when there was no row (both engines alike). */
  private async write(
    targetId: string,
    kind: Kind,
    changes: Partial<Record<'last_scan_at' | 'last_failure_at', number>> & {
      last_failure_source?: HealthSource;
      last_failure?: string;
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
        ...changes,
      })
      .onConflict((oc) => oc.column('target_id').doUpdateSet(changes))
      .execute();
  }
}
