import type { Kysely } from 'kysely';
import { codePointOrder, type Engine } from '../db/dialect.ts';
import type { Database, PlaylistRow } from '../db/tables.ts';

export interface PlaylistListFilter {
  channelId?: string;
  subscribed?: boolean;
  type?: PlaylistRow['playlist_type'];
}

export interface EntryRecord {
  playlist_id: string;
  idx: number;
  youtube_id: string;
  title: string | null;
  uploader: string | null;
  /** 1 when the video is in the archive */
  downloaded: number;
}

/** Reads of playlists for the API; an entry counts as downloaded when its video is in the archive. */
export class PlaylistQueryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Sorted by name ignoring case, as upstream's lowercased keyword sort. */
  async list(filter: PlaylistListFilter, limit: number, offset: number): Promise<PlaylistRow[]> {
    return this.filtered(filter)
      .selectAll()
      .orderBy(codePointOrder(this.engine, this.db.fn('lower', ['playlist_name'])))
      .orderBy(codePointOrder(this.engine, 'playlist_id'))
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: PlaylistListFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(playlistId: string): Promise<PlaylistRow | undefined> {
    return this.db
      .selectFrom('playlists')
      .selectAll()
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
  }

  /** The playlists with an entry for the video, by name. */
  async containing(youtubeId: string): Promise<PlaylistRow[]> {
    return this.db
      .selectFrom('playlists')
      .selectAll()
      .where('playlist_id', 'in', (eb) =>
        eb.selectFrom('playlist_entries').select('playlist_id').where('youtube_id', '=', youtubeId),
      )
      .orderBy(codePointOrder(this.engine, this.db.fn('lower', ['playlist_name'])))
      .orderBy(codePointOrder(this.engine, 'playlist_id'))
      .execute();
  }

  /**
   * Entries of the playlists in index order. With `downloadedOnly`, just the archived ones, their title
   * and uploader filled from the archive when the entry has none.
   */
  async entriesOf(playlistIds: string[], downloadedOnly = false): Promise<EntryRecord[]> {
    if (playlistIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('playlist_entries')
      .leftJoin('videos', 'videos.youtube_id', 'playlist_entries.youtube_id')
      .leftJoin('channels', 'channels.channel_id', 'videos.channel_id')
      .select((eb) => [
        'playlist_entries.playlist_id',
        'playlist_entries.idx',
        'playlist_entries.youtube_id',
        eb.fn.coalesce('playlist_entries.title', 'videos.title').as('title'),
        eb.fn.coalesce('playlist_entries.uploader', 'channels.channel_name').as('uploader'),
        eb.case().when('videos.youtube_id', 'is', null).then(0).else(1).end().as('downloaded'),
      ])
      .where('playlist_entries.playlist_id', 'in', playlistIds)
      .$if(downloadedOnly, (q) => q.where('videos.youtube_id', 'is not', null))
      .orderBy('playlist_entries.playlist_id')
      .orderBy('playlist_entries.idx')
      .execute();
    return rows.map((r) => ({ ...r, downloaded: Number(r.downloaded) }));
  }

  private filtered(filter: PlaylistListFilter) {
    return this.db
      .selectFrom('playlists')
      .$if(filter.channelId !== undefined, (q) => q.where('playlist_channel_id', '=', filter.channelId!))
      .$if(filter.subscribed !== undefined, (q) =>
        q.where('playlist_subscribed', '=', filter.subscribed ? 1 : 0),
      )
      .$if(filter.type !== undefined, (q) => q.where('playlist_type', '=', filter.type!));
  }
}
