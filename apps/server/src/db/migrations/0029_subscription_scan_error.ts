/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Issue 16: the error of the last deep scan of a channel or playlist (null after a good scan), beside
 * the feed check's (feed_checks.last_error) and the push's (websub_subscriptions.last_error). Together
 * they say whether a subscription fails now; `last_failure` stays the last failure of any of them, kept
 * after the subscription recovered, for its history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscription_health').addColumn('scan_error', 'text').execute();
}
