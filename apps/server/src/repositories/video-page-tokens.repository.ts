import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** The tokens of what a user's video list pages show (migration 0037), read outside any transaction. */
export class VideoPageTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The archive's token and the user's, as one string that changes whenever either does. A user who never
   * marked or watched anything has no row yet; their first mark makes one, which changes the string too.
   */
  async stateOf(userId: number): Promise<string> {
    const rows = await this.db
      .selectFrom('video_page_tokens')
      .select(['scope', 'token'])
      .where('scope', 'in', [0, userId])
      .execute();
    const token = (scope: number) => String(rows.find((row) => row.scope === scope)?.token ?? '-');
    return `${token(0)}/${token(userId)}`;
  }
}
