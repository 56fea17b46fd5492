import type { ExpressionBuilder, Kysely } from 'kysely';
import { codePointOrder, offIndex, type Engine } from '../db/dialect.ts';
import type { Database, DownloadQueueRow } from '../db/tables.ts';
import { queueOrder } from './download-queue.repository.ts';

/** Candidates read per claim attempt: a few, so a race lost to another worker still finds a free one. */
const CANDIDATES = 8;

/**
 * Download claims (migration 0013): a run takes the next queue item by writing its name and a lease end
 * on it, compare-and-set, so runs in other processes never take the same item. A lapsed lease (a killed
 * worker) frees the item for anyone.
 */
export class DownloadClaimRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /**
   * Claims the next pending item in queue order that is due (no failed attempt, or a failed premiere whose
   * start time has come) and not held under a live claim, or returns undefined.
   */
  async claimNext(options: {
    autoOnly: boolean;
    exclude: string[];
    owner: string;
    now: number;
    until: number;
  }): Promise<DownloadQueueRow | undefined> {
    const { owner, now, until } = options;
    const pending = (status: ReturnType<typeof offIndex> | 'status') => {
      let query = this.db
        .selectFrom('download_queue')
        .selectAll()
        .where(status, '=', 'pending')
        .where(unclaimed(now));
      if (options.autoOnly) query = query.where('auto_start', '=', 1);
      if (options.exclude.length) query = query.where('youtube_id', 'not in', options.exclude);
      return query;
    };
    const first = (q: ReturnType<typeof pending>) =>
      q
        .orderBy('auto_start', 'desc')
        .orderBy('timestamp', 'asc')
        .orderBy(codePointOrder(this.engine, 'youtube_id'))
        .limit(CANDIDATES)
        .execute();
    // as nextPending: two ordered reads from the claim and retry indexes (migration 0017), not one OR
    // that sorts the queue; the few live claims are skipped on the way. The status stays off the indexes
    // for the due retries: SQLite without statistics took the order index and, with none due, walked every
    // pending item (bench:queue run_claim_ms at 100 000: 59 ms, now 0.9 ms)
    const [fresh, due] = await Promise.all([
      first(pending('status').where('message', 'is', null)),
      first(
        pending(offIndex(this.engine, 'status'))
          .where('message', 'is not', null)
          .where('retry_at', 'is not', null)
          .where('retry_at', '<=', now),
      ),
    ]);
    const candidates = [...fresh, ...due].sort(queueOrder);
    for (const item of candidates) {
      // the lease check again in the update: of two workers reading the same candidate, one wins
      const result = await this.db
        .updateTable('download_queue')
        .set({ claimed_by: owner, claimed_until: until })
        .where('youtube_id', '=', item.youtube_id)
        .where('status', '=', 'pending')
        .where(unclaimed(now))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return { ...item, claimed_by: owner, claimed_until: until };
    }
    return undefined;
  }

  /** Extends the leases an owner holds (its heartbeat while it downloads). */
  async renew(owner: string, ids: string[], until: number): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable('download_queue')
      .set({ claimed_until: until })
      .where('claimed_by', '=', owner)
      .where('youtube_id', 'in', ids)
      .execute();
  }

  /** Gives an item back (failed, put aside, stopped): the next run may take it at once. */
  async release(owner: string, id: string): Promise<void> {
    await this.db
      .updateTable('download_queue')
      .set({ claimed_by: null, claimed_until: null })
      .where('claimed_by', '=', owner)
      .where('youtube_id', '=', id)
      .execute();
  }

  /** Frees every claim: at start-up of the embedded mode, where no other process can hold one. */
  async releaseAll(): Promise<void> {
    await this.db
      .updateTable('download_queue')
      .set({ claimed_by: null, claimed_until: null })
      .where('claimed_by', 'is not', null)
      .execute();
  }

  /** How many pending items other owners hold under a live lease (a run waits for them before it ends). */
  async heldElsewhere(options: { autoOnly: boolean; owner: string; now: number }): Promise<number> {
    let query = this.db
      .selectFrom('download_queue')
      .where('status', '=', 'pending')
      .where('claimed_until', '>', options.now)
      .where('claimed_by', '!=', options.owner);
    if (options.autoOnly) query = query.where('auto_start', '=', 1);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function unclaimed(now: number) {
  return (eb: ExpressionBuilder<Database, 'download_queue'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]);
}
