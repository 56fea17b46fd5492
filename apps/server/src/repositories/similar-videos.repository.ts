import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** How many videos the similarity scoring looks at, at most. */
const SIMILAR_CANDIDATES = 300;

/** A LIKE pattern for "contains `text`", taken literally (escape character `!`). */
const contains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The videos "similar videos" chooses from (services/similarity.ts ranks them). */
export class SimilarVideosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Candidates for "similar videos": other videos whose title contains one of `words` or whose tags
   * contain one of `tags` (all lowercase), newest first, plus the newest of the same channel.
   */
  async similarCandidates(
    source: { youtube_id: string; channel_id: string },
    words: string[],
    tags: string[],
  ) {
    const columns = ['youtube_id', 'channel_id', 'title', 'tags', 'published'] as const;
    const matching =
      words.length + tags.length === 0
        ? []
        : await this.db
            .selectFrom('videos')
            .select(columns)
            .where('youtube_id', '!=', source.youtube_id)
            .where((eb) =>
              eb.or([
                ...words.map((w) => sql<boolean>`lower(title) like ${contains(w)} escape '!'`),
                // tags are a JSON list: match a whole quoted tag, not part of one
                ...tags.map((t) => sql<boolean>`lower(tags) like ${contains(JSON.stringify(t))} escape '!'`),
              ]),
            )
            .orderBy('published', 'desc')
            .limit(SIMILAR_CANDIDATES)
            .execute();
    const sameChannel = await this.db
      .selectFrom('videos')
      .select(columns)
      .where('channel_id', '=', source.channel_id)
      .where('youtube_id', '!=', source.youtube_id)
      .orderBy('published', 'desc')
      .limit(SIMILAR_CANDIDATES / 10)
      .execute();
    return [...matching, ...sameChannel];
  }
}
