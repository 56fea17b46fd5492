import type { Kysely } from 'kysely';
import type { Database, ReindexQueueTable } from '../db/tables.ts';

export type ReindexKind = ReindexQueueTable['kind'];
export interface ReindexItem {
  kind: ReindexKind;
  item_id: string;
  extract_videos: boolean;
}

/** The `reindex_queue` table: what check_reindex still has to re-fetch, oldest request first. */
export class ReindexQueueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds the items; one already waiting keeps its place and gains extract_videos if asked now. */
  async add(items: ReindexItem[], now: number): Promise<void> {
    for (let i = 0; i < items.length; i += 500) {
      const rows = items.slice(i, i + 500).map((item, n) => ({
        kind: item.kind,
        item_id: item.item_id,
        extract_videos: item.extract_videos ? 1 : 0,
        added_at: now + i + n,
      }));
      // extract_videos only ever turns on: an item asked for with it keeps it
      const withVideos = rows.filter((r) => r.extract_videos === 1);
      const without = rows.filter((r) => r.extract_videos === 0);
      if (withVideos.length) {
        await this.db
          .insertInto('reindex_queue')
          .values(withVideos)
          .onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet({ extract_videos: 1 }))
          .execute();
      }
      if (without.length) {
        await this.db
          .insertInto('reindex_queue')
          .values(without)
          .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
          .execute();
      }
    }
  }

  /** The item waiting longest. */
  async next(): Promise<ReindexItem | undefined> {
    const row = await this.db
      .selectFrom('reindex_queue')
      .selectAll()
      .orderBy('added_at')
      .orderBy('kind')
      .orderBy('item_id')
      .limit(1)
      .executeTakeFirst();
    return row && { kind: row.kind, item_id: row.item_id, extract_videos: row.extract_videos === 1 };
  }

  async remove(kind: ReindexKind, id: string): Promise<void> {
    await this.db.deleteFrom('reindex_queue').where('kind', '=', kind).where('item_id', '=', id).execute();
  }

  async count(kind?: ReindexKind): Promise<number> {
    const row = await this.db
      .selectFrom('reindex_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async has(kind: ReindexKind, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('reindex_queue')
      .select('item_id')
      .where('kind', '=', kind)
      .where('item_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }
}
