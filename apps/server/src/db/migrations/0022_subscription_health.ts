/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Per subscribed channel or playlist (issue 16): when the deep scan (update_subscribed) last went over
 * it, and its last failure from any of the three ways new uploads are found (deep scan, feed check,
 * push), with yt-dlp's or the feed's text. The diagnosis is made when it is read, with the yt-dlp then
 * installed. The feed check's own state stays in feed_checks (0026), the push's in websub_subscriptions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscription_health')
    .addColumn('target_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_scan_at', 'bigint')
    .addColumn('last_failure_at', 'bigint')
    .addColumn('last_failure_source', 'varchar(16)')
    .addColumn('last_failure', 'text')
    .execute();
}
