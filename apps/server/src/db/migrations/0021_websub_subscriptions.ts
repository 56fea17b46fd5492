/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * One row per channel whose feed is (being) subscribed at the WebSub hub (issue 16): the topic asked for,
 * the secret the hub signs pushes with, where the subscription stands (`subscribing` until the hub's
 * verification, `active`, `unsubscribing` until the hub confirms the end), when the lease runs out, and
 * the last push and hub error. The row goes when the hub confirms an unsubscribe.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('websub_subscriptions')
    .addColumn('channel_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_push_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
}
