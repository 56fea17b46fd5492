import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** The tokens of what a user's video list pages show (migrations 0037-0038), as strings. */
export interface PageTokens {
  /** videos, channels, subtitles, playlist entries: every user's pages */
  archive: string;
  /** the user's marks (watched or not): their watched and unwatched lists */
  marks: string;
  /** the user's marks and saved positions: their players */
  user: string;
}

/** Reads the tokens outside any transaction. */
export class VideoPageTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The archive's tokens and the user's. A user who never marked or watched anything has no rows yet
   * (`-`); their first mark or position makes them, which changes the token too.
   */
  async tokensOf(userId: number): Promise<PageTokens> {
    const rows = await this.db
      .selectFrom('video_page_tokens')
      .select(['scope', 'token'])
      .where('scope', 'in', [0, userId, -userId])
      .execute();
    const token = (scope: number) => String(rows.find((row) => row.scope === scope)?.token ?? '-');
    return { archive: token(0), marks: token(-userId), user: token(userId) };
  }
}
