import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** The few reads `GET /api/health/?details=true` makes. */
export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** epoch ms of the newest download, or null for an empty archive */
  async lastDownload(): Promise<number | null> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.max('date_downloaded').as('last'))
      .executeTakeFirst();
    return row?.last == null ? null : Number(row.last);
  }
}
