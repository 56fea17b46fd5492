import type { Kysely, Selectable } from 'kysely';
import type { Database, WebsubSubscriptionsTable } from '../db/tables.ts';

export type WebsubSubscriptionRow = Selectable<WebsubSubscriptionsTable>;

/** The `websub_subscriptions` table: per channel, its subscription at the WebSub hub. */
export class WebsubSubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async all(): Promise<WebsubSubscriptionRow[]> {
    return this.db.selectFrom('websub_subscriptions').selectAll().orderBy('channel_id').execute();
  }

  async get(channelId: string): Promise<WebsubSubscriptionRow | undefined> {
    return this.db
      .selectFrom('websub_subscriptions')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** Writes the whole row (update first, insert when there was none: both engines alike). */
  async save(row: WebsubSubscriptionRow): Promise<void> {
    const { channel_id, ...changes } = row;
    const result = await this.db
      .updateTable('websub_subscriptions')
      .set(changes)
      .where('channel_id', '=', channel_id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return;
    await this.db
      .insertInto('websub_subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('channel_id').doUpdateSet(changes))
      .execute();
  }

  async update(channelId: string, changes: Partial<Omit<WebsubSubscriptionRow, 'channel_id'>>) {
    await this.db
      .updateTable('websub_subscriptions')
      .set(changes)
      .where('channel_id', '=', channelId)
      .execute();
  }

  async remove(channelId: string): Promise<void> {
    await this.db.deleteFrom('websub_subscriptions').where('channel_id', '=', channelId).execute();
  }
}
