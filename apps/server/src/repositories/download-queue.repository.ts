import { sql, type Expression, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, DownloadQueueRow, DownloadQueueTable } from '../db/tables.ts';
import { codePointOrder, offIndex, type Engine } from '../db/dialect.ts';
import { DownloadQueueCounts, type QueueChannelCount } from './download-queue-counts.ts';
import { matches, type QueueFilter, type QueueStatus } from './download-queue-filter.ts';

export type { QueueChannelCount } from './download-queue-counts.ts';
export type { QueueFilter, QueueStatus } from './download-queue-filter.ts';

export type NewQueueItem = Insertable<DownloadQueueTable> & { status: QueueStatus };
export type QueueItemChanges = Updateable<DownloadQueueTable>;

export interface QueueItemRow extends DownloadQueueRow {
  channel_indexed: number;
}

/** Rows per INSERT and ids per IN list: far below the bound-parameter limits of both engines. */
const CHUNK = 500;

/** The download queue table and the blocklist beside it. */
export class DownloadQueueRepository {
  private readonly counts: DownloadQueueCounts;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.counts = new DownloadQueueCounts(db, engine);
  }

  count(filter: QueueFilter): Promise<number> {
    return this.counts.count(filter);
  }

  channelCounts(filter: QueueFilter): Promise<QueueChannelCount[]> {
    return this.counts.channelCounts(filter);
  }

  /**
   * A page in queue order: auto-start items first, then oldest first (upstream §1.7). The page's ids come
   * from the queue order index (migration 0017) first, then only those rows in full, so a deep page costs
   * index steps, not joined rows.
   */
  async list(filter: QueueFilter, limit: number, offset: number): Promise<QueueItemRow[]> {
    const ids = await this.db
      .selectFrom('download_queue')
      .select('youtube_id')
      .where(matches(filter))
      .orderBy('auto_start', 'desc')
      .orderBy('timestamp', 'asc')
      .orderBy(codePointOrder(this.engine, 'youtube_id'))
      .limit(limit)
      .offset(offset)
      .execute();
    if (!ids.length) return [];
    const rows = await this.withChannel()
      .where(
        'download_queue.youtube_id',
        'in',
        ids.map((r) => r.youtube_id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.youtube_id, r]));
    return ids.map((r) => byId.get(r.youtube_id)).filter((r) => r !== undefined);
  }

  async get(id: string): Promise<QueueItemRow | undefined> {
    return this.withChannel().where('download_queue.youtube_id', '=', id).executeTakeFirst();
  }

  /**
   * The next item a download run takes: pending, in queue order, with no failed attempt, or one whose
   * failure said when to come back (a premiere) and that time has come.
   */
  async nextPending(
    autoOnly: boolean,
    exclude: string[] = [],
    now = Date.now(),
  ): Promise<DownloadQueueRow | undefined> {
    const pending = (status: Expression<unknown> | 'status') => {
      let query = this.db.selectFrom('download_queue').selectAll().where(status, '=', 'pending');
      if (autoOnly) query = query.where('auto_start', '=', 1);
      // a run with parallel downloads holds a few ids; the list stays short
      if (exclude.length) query = query.where('youtube_id', 'not in', exclude);
      return query;
    };
    const first = (q: ReturnType<typeof pending>) =>
      q
        .orderBy('auto_start', 'desc')
        .orderBy('timestamp', 'asc')
        .orderBy(codePointOrder(this.engine, 'youtube_id'))
        .limit(1)
        .executeTakeFirst();
    // two reads of one row each, not one OR that sorts the queue: items without a failed attempt from the
    // claim index, failed ones whose retry time has come from the retry index (both migration 0017). The
    // status stays off the indexes for the second: SQLite without statistics took the order index for it
    // and, with no retry due, walked every pending item (6 ms a claim at 100 000)
    const [fresh, due] = await Promise.all([
      first(pending('status').where('message', 'is', null)),
      first(
        pending(offIndex(this.engine, 'status'))
          .where('message', 'is not', null)
          .where('retry_at', 'is not', null)
          .where('retry_at', '<=', now),
      ),
    ]);
    if (!fresh || !due) return fresh ?? due;
    return queueOrder(fresh, due) <= 0 ? fresh : due;
  }

  /** Inserts the items in one transaction; ids already queued are left alone. Returns how many were new. */
  async insertMany(items: NewQueueItem[]): Promise<number> {
    if (!items.length) return 0;
    return this.db.transaction().execute(async (trx) => {
      let inserted = 0;
      for (let i = 0; i < items.length; i += CHUNK) {
        const result = await trx
          .insertInto('download_queue')
          .values(items.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('youtube_id').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    });
  }

  async update(id: string, changes: QueueItemChanges): Promise<boolean> {
    const result = await this.db
      .updateTable('download_queue')
      .set(changes)
      .where('youtube_id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async updateMatching(filter: QueueFilter, changes: QueueItemChanges): Promise<number> {
    const result = await this.db
      .updateTable('download_queue')
      .set(changes)
      .where(matches(filter))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Several ids at once (auto_start for items added again with autostart). */
  async updateIds(ids: string[], changes: QueueItemChanges): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await this.db
        .updateTable('download_queue')
        .set(changes)
        .where('youtube_id', 'in', ids.slice(i, i + CHUNK))
        .execute();
    }
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('download_queue').where('youtube_id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteMatching(filter: QueueFilter): Promise<number> {
    const result = await this.db.deleteFrom('download_queue').where(matches(filter)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The queue status of each of these ids that is queued. */
  async statuses(ids: string[]): Promise<Map<string, { status: QueueStatus; auto_start: number }>> {
    const found = new Map<string, { status: QueueStatus; auto_start: number }>();
    for (const chunk of chunks(ids)) {
      const rows = await this.db
        .selectFrom('download_queue')
        .select(['youtube_id', 'status', 'auto_start'])
        .where('youtube_id', 'in', chunk)
        .execute();
      for (const r of rows)
        found.set(r.youtube_id, { status: r.status as QueueStatus, auto_start: r.auto_start });
    }
    return found;
  }

  /** Which of these ids are archived videos. */
  async archived(ids: string[]): Promise<Set<string>> {
    return this.idsIn('videos', ids);
  }

  /** Which of these ids were deleted from the queue on purpose. */
  async blocked(ids: string[]): Promise<Set<string>> {
    return this.idsIn('download_blocklist', ids);
  }

  async block(id: string, now: number): Promise<void> {
    await this.db
      .insertInto('download_blocklist')
      .values({ youtube_id: id, blocked_at: now })
      .onConflict((oc) => oc.column('youtube_id').doUpdateSet({ blocked_at: now }))
      .execute();
  }

  async unblock(ids: string[]): Promise<void> {
    for (const chunk of chunks(ids)) {
      await this.db.deleteFrom('download_blocklist').where('youtube_id', 'in', chunk).execute();
    }
  }

  private async idsIn(table: 'videos' | 'download_blocklist', ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunks(ids)) {
      const rows = await this.db
        .selectFrom(table)
        .select('youtube_id')
        .where('youtube_id', 'in', chunk)
        .execute();
      for (const r of rows) found.add(r.youtube_id);
    }
    return found;
  }

  private withChannel() {
    return this.db
      .selectFrom('download_queue')
      .leftJoin('channels', 'channels.channel_id', 'download_queue.channel_id')
      .selectAll('download_queue')
      .select(sql<number>`case when channels.channel_id is null then 0 else 1 end`.as('channel_indexed'));
  }
}

/** Queue order of two items: auto-start first, then oldest, then by id (ids are ASCII: code point order). */
export function queueOrder(a: DownloadQueueRow, b: DownloadQueueRow): number {
  if (a.auto_start !== b.auto_start) return b.auto_start - a.auto_start;
  if (a.timestamp !== b.timestamp) return a.timestamp - b.timestamp;
  return a.youtube_id < b.youtube_id ? -1 : a.youtube_id > b.youtube_id ? 1 : 0;
}

function* chunks(ids: string[]): Generator<string[]> {
  for (let i = 0; i < ids.length; i += CHUNK) yield ids.slice(i, i + CHUNK);
}
