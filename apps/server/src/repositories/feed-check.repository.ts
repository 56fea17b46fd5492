import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedChecksTable } from '../db/tables.ts';

export type FeedCheckRow = Selectable<FeedChecksTable>;

/** The `feed_checks` table: per channel or playlist, what the last feed check saw. */
export class FeedCheckRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async all(): Promise<Map<string, FeedCheckRow>> {
    const rows = await this.db.selectFrom('feed_checks').selectAll().execute();
    return new Map(rows.map((r) => [r.target_id, r]));
  }

  async get(targetId: string): Promise<FeedCheckRow | undefined> {
    return this.db.selectFrom('feed_checks').selectAll().where('target_id', '=', targetId).executeTakeFirst();
  }

  /** Writes the row of one check (update first, insert when there was none: both engines alike). */
  async save(row: FeedCheckRow): Promise<void> {
    const { target_id, ...changes } = row;
    const result = await this.db
      .updateTable('feed_checks')
      .set(changes)
      .where('target_id', '=', target_id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      await this.db
        .insertInto('feed_checks')
        .values(row)
        .onConflict((oc) => oc.column('target_id').doUpdateSet(changes))
        .execute();
    }
  }
}
