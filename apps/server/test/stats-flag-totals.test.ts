/* eslint-disable @typescript-eslint/no-explicit-any -- the database before migration 0034 is written without today's types */
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrator.ts';
import { StatsRepository } from '../src/repositories/stats.repository.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

/**
 * Migration 0034 keeps the channel and playlist counts per (active, subscribed) that `/api/stats/channel/`
 * and `/api/stats/playlist/` read. Counted from an archive made before it, then kept through inserts, flag
 * changes and deletes, they must equal a real count of the rows at every step.
 */
describe.each(ENGINES)('channel and playlist flag totals (migration 0034) on %s', (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('counts what was there before it and follows every insert, flag change and delete', async () => {
    database = await createTestDatabase(engine, '0033_queue_count_totals_sqlite');
    const db = database.db as unknown as Kysely<any>;
    const channel = (id: string, active: number, subscribed: number) =>
      db
        .insertInto('channels')
        .values({
          channel_id: id,
          channel_name: id,
          channel_last_refresh: 1,
          channel_active: active,
          channel_subscribed: subscribed,
        })
        .execute();
    const playlist = (id: string, active: number, subscribed: number) =>
      db
        .insertInto('playlists')
        .values({
          playlist_id: id,
          playlist_name: id,
          playlist_channel: 'A',
          playlist_channel_id: 'UCa',
          playlist_last_refresh: 1,
          playlist_active: active,
          playlist_subscribed: subscribed,
        })
        .execute();
    await channel('UCa', 1, 1);
    await channel('UCb', 1, 0);
    await channel('UCc', 0, 0);
    await playlist('PLa', 1, 1);
    await playlist('PLb', 0, 1);

    expect(await migrateToLatest(db, engine)).toContain('0034_subscription_flag_totals');
    const stats = new StatsRepository(database.db);
    const counted = async (table: 'channels' | 'playlists') => {
      const prefix = table === 'channels' ? 'channel' : 'playlist';
      const { rows } = await sql<{ active: number; subscribed: number; doc_count: number }>`
        SELECT ${sql.ref(`${prefix}_active`)} AS active, ${sql.ref(`${prefix}_subscribed`)} AS subscribed,
               count(*) AS doc_count
        FROM ${sql.table(table)} GROUP BY 1, 2`.execute(db);
      return sorted(rows);
    };
    const check = async () => {
      expect(sorted(await stats.channelCounts())).toEqual(await counted('channels'));
      expect(sorted(await stats.playlistCounts())).toEqual(await counted('playlists'));
    };
    await check();
    expect(sorted(await stats.channelCounts())).toEqual([
      { active: 0, subscribed: 0, doc_count: 1 },
      { active: 1, subscribed: 0, doc_count: 1 },
      { active: 1, subscribed: 1, doc_count: 1 },
    ]);

    await channel('UCd', 1, 1);
    await playlist('PLc', 1, 0);
    await check();
    await db.updateTable('channels').set({ channel_subscribed: 1 }).where('channel_id', '=', 'UCb').execute();
    await db
      .updateTable('channels')
      .set({ channel_name: 'renamed' })
      .where('channel_id', '=', 'UCa')
      .execute();
    await db.updateTable('playlists').set({ playlist_active: 1 }).execute();
    await check();
    await db.deleteFrom('channels').where('channel_id', '=', 'UCc').execute();
    await db.deleteFrom('playlists').execute();
    await check();
    // the last inactive channel went: its bucket is not answered, as a count would not have it
    expect(sorted(await stats.channelCounts())).toEqual([{ active: 1, subscribed: 1, doc_count: 3 }]);
    expect(await stats.playlistCounts()).toEqual([]);
  });
});

function sorted(rows: { active: unknown; subscribed: unknown; doc_count: unknown }[]) {
  return rows
    .map((r) => ({
      active: Number(r.active),
      subscribed: Number(r.subscribed),
      doc_count: Number(r.doc_count),
    }))
    .sort((a, b) => a.active - b.active || a.subscribed - b.subscribed);
}
