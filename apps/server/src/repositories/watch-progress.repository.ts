import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** Per-user playback positions (upstream §7.3; watched marks are per user too here, migration 0030). */
export class WatchProgressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async positionOf(userId: number, youtubeId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('watch_progress')
      .select('position')
      .where('user_id', '=', userId)
      .where('youtube_id', '=', youtubeId)
      .executeTakeFirst();
    return row?.position;
  }
}
