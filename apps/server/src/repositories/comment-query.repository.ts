import type { Kysely } from 'kysely';
import type { CommentRow, Database } from '../db/tables.ts';

/** Reads of a video's comments, in the order they were stored (the provider's order). */
export class CommentQueryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async ofVideo(youtubeId: string): Promise<CommentRow[]> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('youtube_id', '=', youtubeId)
      .orderBy('position')
      .execute();
  }
}
