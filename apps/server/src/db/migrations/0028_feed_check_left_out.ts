/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';

/**
 * Issue 16: the entries of a channel's last feed that check_feeds left out for their type (a short or a
 * stream where that page size is 0, or one past the page size), as JSON `{ "<video id>": { "type": …,
 * "over_limit"?: true } }`. YouTube's channel feeds mix videos, shorts and streams and only the metadata
 * tells them apart, so without this every later change of the feed asked yt-dlp about them again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('feed_checks').addColumn('left_out', 'text').execute();
}
