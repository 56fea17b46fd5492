import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ChannelRow,
  CommentRow,
  Database,
  DownloadQueueRow,
  PlaylistRow,
  SubtitleFragmentsTable,
  SubtitleRow,
  UserRow,
  VideoRow,
} from '../db/tables.ts';

/** A subtitle line with the video facts its backup document repeats. */
export interface FragmentRecord extends Selectable<SubtitleFragmentsTable> {
  title: string;
  channel_id: string;
  channel_name: string;
  vid_last_refresh: number;
}

export interface EntryRecord {
  playlist_id: string;
  idx: number;
  youtube_id: string;
  title: string | null;
  uploader: string | null;
  downloaded: number;
}

/**
 * Everything a backup reads, in pages ordered by key (keyset paging: a deep page costs an index step,
 * not an offset). Built on any Kysely handle, so the caller decides the transaction it reads in.
 */
export class BackupReadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  count(
    table: 'channels' | 'videos' | 'playlists' | 'download_queue' | 'subtitle_fragments',
  ): Promise<number> {
    return this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  channels(after: string, limit: number): Promise<ChannelRow[]> {
    return this.db
      .selectFrom('channels')
      .selectAll()
      .where('channel_id', '>', after)
      .orderBy('channel_id')
      .limit(limit)
      .execute();
  }

  channelsByIds(ids: string[]): Promise<ChannelRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('channels').selectAll().where('channel_id', 'in', ids).execute();
  }

  videos(after: string, limit: number): Promise<VideoRow[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('youtube_id', '>', after)
      .orderBy('youtube_id')
      .limit(limit)
      .execute();
  }

  /**
   * Upstream's one `player.watched` of these videos: watched when any user marked it, dated by the latest
   * mark (null when no mark has a date).
   */
  watchedOf(ids: string[]): Promise<{ youtube_id: string; watched_date: number | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('video_watches')
      .select((eb) => ['youtube_id', eb.fn.max('watched_date').as('watched_date')])
      .where('youtube_id', 'in', ids)
      .groupBy('youtube_id')
      .execute();
  }

  subtitlesOf(ids: string[]): Promise<SubtitleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('subtitles')
      .selectAll()
      .where('youtube_id', 'in', ids)
      .orderBy('youtube_id')
      .orderBy('lang')
      .execute();
  }

  playlistIdsOf(ids: string[]): Promise<{ youtube_id: string; playlist_id: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('playlist_entries')
      .select(['youtube_id', 'playlist_id'])
      .distinct()
      .where('youtube_id', 'in', ids)
      .orderBy('playlist_id')
      .execute();
  }

  playlists(after: string, limit: number): Promise<PlaylistRow[]> {
    return this.db
      .selectFrom('playlists')
      .selectAll()
      .where('playlist_id', '>', after)
      .orderBy('playlist_id')
      .limit(limit)
      .execute();
  }

  entriesOf(ids: string[]): Promise<EntryRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('playlist_entries')
      .leftJoin('videos', 'videos.youtube_id', 'playlist_entries.youtube_id')
      .select([
        'playlist_entries.playlist_id',
        'playlist_entries.idx',
        'playlist_entries.youtube_id',
        'playlist_entries.title',
        'playlist_entries.uploader',
        sql<number>`case when videos.youtube_id is null then 0 else 1 end`.as('downloaded'),
      ])
      .where('playlist_entries.playlist_id', 'in', ids)
      .orderBy('playlist_entries.playlist_id')
      .orderBy('playlist_entries.idx')
      .execute();
  }

  queue(after: string, limit: number): Promise<(DownloadQueueRow & { channel_indexed: number })[]> {
    return this.db
      .selectFrom('download_queue')
      .leftJoin('channels', 'channels.channel_id', 'download_queue.channel_id')
      .selectAll('download_queue')
      .select(sql<number>`case when channels.channel_id is null then 0 else 1 end`.as('channel_indexed'))
      .where('download_queue.youtube_id', '>', after)
      .orderBy('download_queue.youtube_id')
      .limit(limit)
      .execute();
  }

  /** Videos with comments, after `after`: the keys of the comment documents. */
  commentedVideos(
    after: string,
    limit: number,
  ): Promise<{ youtube_id: string; channel_id: string; vid_last_refresh: number }[]> {
    return this.db
      .selectFrom('videos')
      .select(['youtube_id', 'channel_id', 'vid_last_refresh'])
      .where('youtube_id', '>', after)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('comments')
            .select('comment_id')
            .whereRef('comments.youtube_id', '=', 'videos.youtube_id'),
        ),
      )
      .orderBy('youtube_id')
      .limit(limit)
      .execute();
  }

  commentsOf(ids: string[]): Promise<CommentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('youtube_id', 'in', ids)
      .orderBy('youtube_id')
      .orderBy('position')
      .execute();
  }

  /** Subtitle lines after id `after`, in id order (the order a restore writes them back in). */
  fragments(after: number, limit: number): Promise<FragmentRecord[]> {
    return this.db
      .selectFrom('subtitle_fragments as f')
      .innerJoin('videos as v', 'v.youtube_id', 'f.youtube_id')
      .innerJoin('channels as c', 'c.channel_id', 'v.channel_id')
      .select([
        'f.id',
        'f.youtube_id',
        'f.lang',
        'f.source',
        'f.fragment_index',
        'f.start_ms',
        'f.end_ms',
        'f.line',
        'v.title',
        'v.channel_id',
        'c.channel_name',
        'v.vid_last_refresh',
      ])
      .where('f.id', '>', after)
      .orderBy('f.id')
      .limit(limit)
      .execute();
  }

  appSettings(): Promise<{ key: string; value: string }[]> {
    return this.db.selectFrom('app_settings').selectAll().orderBy('key').execute();
  }

  userConfigs(): Promise<{ user_id: number; config: string }[]> {
    return this.db.selectFrom('user_configs').selectAll().orderBy('user_id').execute();
  }

  users(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  progress(
    afterUser: number,
    afterVideo: string,
    limit: number,
  ): Promise<{ user_id: number; youtube_id: string; position: number; updated_at: number }[]> {
    return this.db
      .selectFrom('watch_progress')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('user_id', '>', afterUser),
          eb.and([eb('user_id', '=', afterUser), eb('youtube_id', '>', afterVideo)]),
        ]),
      )
      .orderBy('user_id')
      .orderBy('youtube_id')
      .limit(limit)
      .execute();
  }

  /** Each user's watched marks, after (afterUser, afterVideo) in key order. */
  watches(
    afterUser: number,
    afterVideo: string,
    limit: number,
  ): Promise<{ user_id: number; youtube_id: string; watched_date: number | null }[]> {
    return this.db
      .selectFrom('video_watches')
      .select(['user_id', 'youtube_id', 'watched_date'])
      .where((eb) =>
        eb.or([
          eb('user_id', '>', afterUser),
          eb.and([eb('user_id', '=', afterUser), eb('youtube_id', '>', afterVideo)]),
        ]),
      )
      .orderBy('user_id')
      .orderBy('youtube_id')
      .limit(limit)
      .execute();
  }

  schedules(): Promise<{ name: string; schedule: string; last_run_at: number | null }[]> {
    return this.db
      .selectFrom('schedules')
      .select(['name', 'schedule', 'last_run_at'])
      .orderBy('name')
      .execute();
  }

  blocklist(after: string, limit: number): Promise<{ youtube_id: string; blocked_at: number }[]> {
    return this.db
      .selectFrom('download_blocklist')
      .selectAll()
      .where('youtube_id', '>', after)
      .orderBy('youtube_id')
      .limit(limit)
      .execute();
  }
}
