import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Database, PlaylistRow, PlaylistsTable } from '../db/tables.ts';

/** An entry as stored, in playlist order; `watched` is 1 for an archived video the acting user marked watched. */
export interface OrderedEntry {
  youtube_id: string;
  title: string | null;
  uploader: string | null;
  watched: number;
}

const INSERT_CHUNK = 500;

export type EntriesRewrite = (entries: OrderedEntry[], playlist: PlaylistRow) => OrderedEntry[];

/** Playlist writes: custom playlists and their order, and the settings of provider playlists. */
export class PlaylistEditRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  async insert(row: Insertable<PlaylistsTable>): Promise<void> {
    await this.db.insertInto('playlists').values(row).execute();
  }

  async updateSettings(
    playlistId: string,
    changes: { playlist_subscribed?: number; playlist_sort_order?: 'top' | 'bottom' },
  ): Promise<void> {
    await this.db.updateTable('playlists').set(changes).where('playlist_id', '=', playlistId).execute();
  }

  /** The archived video's title and channel name, for a new entry. */
  async videoLabel(youtubeId: string): Promise<{ title: string; uploader: string } | undefined> {
    return this.db
      .selectFrom('videos')
      .innerJoin('channels', 'channels.channel_id', 'videos.channel_id')
      .select(['videos.title as title', 'channels.channel_name as uploader'])
      .where('videos.youtube_id', '=', youtubeId)
      .executeTakeFirst();
  }

  /**
   * Reads the playlist's entries (watched as `userId` sees them), lets `rewrite` decide the new list, and
   * stores it numbered 0..n-1 with a fresh last-refresh time, all in one transaction (the row is locked on
   * PostgreSQL). Returns the new entries, or undefined when the playlist does not exist.
   */
  async rewriteEntries(
    playlistId: string,
    rewrite: EntriesRewrite,
    now: number,
    userId: number,
  ): Promise<OrderedEntry[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const playlist = await trx
        .selectFrom('playlists')
        .selectAll()
        .where('playlist_id', '=', playlistId)
        .$if(this.engine === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if (!playlist) return undefined;
      const next = rewrite(await orderedEntries(trx, playlistId, userId), playlist);
      await trx.deleteFrom('playlist_entries').where('playlist_id', '=', playlistId).execute();
      const rows = next.map((entry, idx) => ({
        playlist_id: playlistId,
        idx,
        youtube_id: entry.youtube_id,
        title: entry.title,
        uploader: entry.uploader,
      }));
      // chunks keep each statement under the engines' bound-parameter limits
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('playlist_entries')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .execute();
      }
      await trx
        .updateTable('playlists')
        .set({ playlist_last_refresh: now })
        .where('playlist_id', '=', playlistId)
        .execute();
      return next;
    });
  }
}

async function orderedEntries(
  trx: Transaction<Database>,
  playlistId: string,
  userId: number,
): Promise<OrderedEntry[]> {
  const rows = await trx
    .selectFrom('playlist_entries')
    .leftJoin('video_watches', (join) =>
      join
        .onRef('video_watches.youtube_id', '=', 'playlist_entries.youtube_id')
        .on('video_watches.user_id', '=', userId),
    )
    .select([
      'playlist_entries.youtube_id',
      'playlist_entries.title',
      'playlist_entries.uploader',
      sql<number>`case when video_watches.user_id is null then 0 else 1 end`.as('watched'),
    ])
    .where('playlist_entries.playlist_id', '=', playlistId)
    .orderBy('playlist_entries.idx')
    .execute();
  return rows.map((row) => ({ ...row, watched: Number(row.watched) }));
}
