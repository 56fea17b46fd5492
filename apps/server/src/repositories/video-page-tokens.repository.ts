import type DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/tables.ts';
import { freshBatchLoader } from './fresh-batch-loader.ts';

/** The tokens of what a user's video list pages show (migrations 0037-0038), as strings. */
export interface PageTokens {
  /** videos, channels, subtitles, playlist entries: every user's pages */
  archive: string;
  /** the user's marks (watched or not): their watched and unwatched lists */
  marks: string;
  /** the user's marks and saved positions: their players */
  user: string;
}

/** One row of `player_changes` (migration 0039): a change of a user's token and one video it touched. */
export interface PlayerChange {
  seq: number;
  /** the user's token before the change; null for their first */
  prev: string | null;
  token: string;
  youtubeId: string;
}

/** Reads the tokens outside any transaction. */
export class VideoPageTokensRepository {
  /**
   * tokensOf's reads batched (fresh-batch-loader.ts): the users whose pages were asked for while the last
   * read ran, in one statement. On PostgreSQL only, where each read is a round trip. On SQLite one is a
   * B-tree look-up of a few microseconds on the main thread, with nothing to share: batched, bench:list's
   * kept pages cost the same server CPU within the noise (quiet, alternating builds: 0.08-0.27 ms against
   * 0.10-0.22).
   */
  private readonly tokenReads: DataLoader<number, PageTokens> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
  ) {
    if (engine === 'postgres') this.tokenReads = freshBatchLoader((userIds) => this.tokensOfUsers(userIds));
  }

  /**
   * The archive's tokens and the user's, read after this call. A user who never marked or watched anything
   * has no rows yet (`-`); their first mark or position makes them, which changes the token too.
   */
  async tokensOf(userId: number): Promise<PageTokens> {
    return this.tokenReads ? this.tokenReads.load(userId) : (await this.tokensOfUsers([userId]))[0]!;
  }

  private async tokensOfUsers(userIds: readonly number[]): Promise<PageTokens[]> {
    const scopes = new Set([0, ...userIds.flatMap((id) => [id, -id])]);
    const rows = await this.db
      .selectFrom('video_page_tokens')
      .select(['scope', 'token'])
      .where('scope', 'in', [...scopes])
      .execute();
    const tokens = new Map(rows.map((row) => [Number(row.scope), String(row.token)]));
    const token = (scope: number) => tokens.get(scope) ?? '-';
    return userIds.map((id) => ({ archive: token(0), marks: token(-id), user: token(id) }));
  }

  /** The archive's token alone: videos, channels, subtitles, playlist entries, and the totals their triggers keep. */
  async archiveToken(): Promise<string> {
    const row = await this.db
      .selectFrom('video_page_tokens')
      .select('token')
      .where('scope', '=', 0)
      .executeTakeFirst();
    return String(row?.token ?? '-');
  }

  /**
   * The user's token changes after `afterSeq`, oldest first, at most `newest` of them; without it, their
   * newest `newest`. Both read through the (user_id, seq) index.
   */
  async playerChanges(userId: number, afterSeq: number | undefined, newest: number): Promise<PlayerChange[]> {
    let query = this.db
      .selectFrom('player_changes')
      .select(['seq', 'prev_token', 'token', 'youtube_id'])
      .where('user_id', '=', userId);
    query =
      afterSeq === undefined
        ? query.orderBy('seq', 'desc').limit(newest)
        : query.where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(newest);
    const rows = await query.execute();
    if (afterSeq === undefined) rows.reverse();
    return rows.map((row) => ({
      seq: Number(row.seq),
      prev: row.prev_token === null ? null : String(row.prev_token),
      token: String(row.token),
      youtubeId: row.youtube_id,
    }));
  }
}
