import type { ChannelOverwrites } from '@tubekeeper/contract';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  CommentsTable,
  Database,
  SubtitleFragmentsTable,
  SubtitlesTable,
  VideosTable,
} from '../db/tables.ts';
import { insertChunked } from './video-index.repository.ts';

export type RefreshKind = 'video' | 'channel' | 'playlist';

export interface SubscribedChannel {
  channel_id: string;
  channel_name: string;
  overwrites: ChannelOverwrites;
}

export interface ReindexVideo {
  youtube_id: string;
  channel_id: string;
  vid_type: VideosTable['vid_type'];
  media_url: string;
}

const TABLES = {
  video: { table: 'videos', id: 'youtube_id', refreshed: 'vid_last_refresh', active: 'active' },
  channel: {
    table: 'channels',
    id: 'channel_id',
    refreshed: 'channel_last_refresh',
    active: 'channel_active',
  },
  playlist: {
    table: 'playlists',
    id: 'playlist_id',
    refreshed: 'playlist_last_refresh',
    active: 'playlist_active',
  },
} as const;

/**
 * Reads and writes around keeping the archive current: what is subscribed, what is due for a reindex,
 * metadata updates that keep user data, and inactive marking (nothing here deletes).
 */
export class ArchiveRefreshRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Subscribed channels by name (upstream scans them in that order). */
  async subscribedChannels(): Promise<SubscribedChannel[]> {
    const rows = await this.db
      .selectFrom('channels')
      .select(['channel_id', 'channel_name', 'channel_overwrites'])
      .where('channel_subscribed', '=', 1)
      .orderBy('channel_name')
      .orderBy('channel_id')
      .execute();
    return rows.map((r) => ({ ...r, overwrites: parseOverwrites(r.channel_overwrites) }));
  }

  /** Subscribed, active, regular playlists. */
  async subscribedPlaylists(): Promise<
    { playlist_id: string; playlist_name: string; playlist_sort_order: 'top' | 'bottom' }[]
  > {
    return this.db
      .selectFrom('playlists')
      .select(['playlist_id', 'playlist_name', 'playlist_sort_order'])
      .where('playlist_subscribed', '=', 1)
      .where('playlist_active', '=', 1)
      .where('playlist_type', '=', 'regular')
      .orderBy('playlist_name')
      .execute();
  }

  /** The channel's overwrites; undefined when the channel is not indexed. */
  async channelOverwrites(channelId: string): Promise<ChannelOverwrites | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .select('channel_overwrites')
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row ? parseOverwrites(row.channel_overwrites) : undefined;
  }

  /** Channels that have any overwrite set. */
  async channelsWithOverwrites(): Promise<{ channel_id: string; overwrites: ChannelOverwrites }[]> {
    const rows = await this.db
      .selectFrom('channels')
      .select(['channel_id', 'channel_overwrites'])
      .where('channel_overwrites', '!=', '{}')
      .execute();
    return rows.map((r) => ({ channel_id: r.channel_id, overwrites: parseOverwrites(r.channel_overwrites) }));
  }

  async setChannelTabs(channelId: string, tabs: string[]): Promise<void> {
    await this.db
      .updateTable('channels')
      .set({ channel_tabs: JSON.stringify(tabs) })
      .where('channel_id', '=', channelId)
      .execute();
  }

  async hasPlaylist(playlistId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('playlists')
      .select('playlist_id')
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async playlist(playlistId: string) {
    return this.db
      .selectFrom('playlists')
      .select(['playlist_id', 'playlist_type', 'playlist_sort_order'])
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
  }

  /** Regular playlists of a channel, as indexed. */
  async channelPlaylistIds(channelId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('playlists')
      .select('playlist_id')
      .where('playlist_channel_id', '=', channelId)
      .where('playlist_type', '=', 'regular')
      .execute();
    return rows.map((r) => r.playlist_id);
  }

  /** Regular playlists that list any of these videos. */
  async playlistsListing(videoIds: string[]): Promise<string[]> {
    if (!videoIds.length) return [];
    const rows = await this.db
      .selectFrom('playlist_entries')
      .innerJoin('playlists', 'playlists.playlist_id', 'playlist_entries.playlist_id')
      .select('playlists.playlist_id')
      .distinct()
      .where('playlist_entries.youtube_id', 'in', videoIds)
      .where('playlists.playlist_type', '=', 'regular')
      .execute();
    return rows.map((r) => r.playlist_id);
  }

  /** Active ids refreshed at or before `cutoff`, oldest first. */
  async outdated(kind: RefreshKind, cutoff: number, limit: number): Promise<string[]> {
    const t = TABLES[kind];
    const rows = await this.db
      .selectFrom(t.table as 'videos')
      .select(`${t.id} as id` as 'youtube_id')
      .where(t.active as 'active', '=', 1)
      .where(t.refreshed as 'vid_last_refresh', '<=', cutoff)
      .$if(kind === 'playlist', (q) => q.where('playlist_type' as 'title', '=', 'regular'))
      .orderBy(t.refreshed as 'vid_last_refresh')
      .limit(limit)
      .execute();
    return rows.map((r) => (r as unknown as { id: string }).id);
  }

  async activeCount(kind: RefreshKind): Promise<number> {
    const t = TABLES[kind];
    const row = await this.db
      .selectFrom(t.table as 'videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(t.active as 'active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Active videos published since `since` (upstream refreshes those on every scheduled run). */
  async recentVideoIds(since: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select('youtube_id')
      .where('active', '=', 1)
      .where('published', '>=', since)
      .orderBy('published', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.youtube_id);
  }

  async video(id: string): Promise<ReindexVideo | undefined> {
    return this.db
      .selectFrom('videos')
      .select(['youtube_id', 'channel_id', 'vid_type', 'media_url'])
      .where('youtube_id', '=', id)
      .executeTakeFirst();
  }

  /** Which of these ids are archived videos, in the given order. */
  async archivedVideoIds(ids: string[]): Promise<string[]> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('videos')
        .select('youtube_id')
        .where('youtube_id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows) found.add(r.youtube_id);
    }
    return ids.filter((id) => found.has(id));
  }

  async channelExists(channelId: string): Promise<boolean> {
    return (await this.channelOverwrites(channelId)) !== undefined;
  }

  /** Where the video's archived subtitle files are (relative to the media root). */
  async subtitleUrls(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('subtitles')
      .select('media_url')
      .where('youtube_id', '=', id)
      .execute();
    return rows.map((row) => row.media_url);
  }

  /**
   * New provider metadata of a video, its comments when new ones came (null keeps the stored ones), and its
   * subtitles with their search fragments when new ones came; download date, type and file stay as they
   * are (watched marks live in their own table).
   */
  async updateVideo(
    id: string,
    changes: Updateable<VideosTable>,
    comments: Insertable<CommentsTable>[] | null,
    subtitles?: {
      rows: Insertable<SubtitlesTable>[];
      fragments: Insertable<SubtitleFragmentsTable>[];
    },
  ): Promise<void> {
    const { youtube_id: _id, date_downloaded: _dd, vid_type: _t, media_url: _m, ...update } = changes;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('videos').set(update).where('youtube_id', '=', id).execute();
      if (subtitles) {
        // the search triggers drop the old fragments from the full-text index and add the new ones
        await trx.deleteFrom('subtitle_fragments').where('youtube_id', '=', id).execute();
        await trx.deleteFrom('subtitles').where('youtube_id', '=', id).execute();
        await trx.insertInto('subtitles').values(subtitles.rows).execute();
        await insertChunked(trx, 'subtitle_fragments', subtitles.fragments);
      }
      if (!comments) return;
      await trx.deleteFrom('comments').where('youtube_id', '=', id).execute();
      await insertChunked(trx, 'comments', comments);
    });
  }

  /** Gone from the provider: kept with its file and user data, marked inactive. */
  async markInactive(kind: RefreshKind, id: string, now: number): Promise<void> {
    const t = TABLES[kind];
    await this.db
      .updateTable(t.table as 'videos')
      .set({ [t.active]: 0, [t.refreshed]: now } as Updateable<VideosTable>)
      .where(t.id as 'youtube_id', '=', id)
      .execute();
  }

  async exists(kind: RefreshKind, id: string): Promise<boolean> {
    const t = TABLES[kind];
    const row = await this.db
      .selectFrom(t.table as 'videos')
      .select(t.id as 'youtube_id')
      .where(t.id as 'youtube_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Video ids of a channel's archive, or of a playlist's entries (archived or not). */
  async memberVideoIds(kind: 'channel' | 'playlist', id: string): Promise<string[]> {
    if (kind === 'channel') {
      const rows = await this.db
        .selectFrom('videos')
        .select('youtube_id')
        .where('channel_id', '=', id)
        .execute();
      return rows.map((r) => r.youtube_id);
    }
    const rows = await this.db
      .selectFrom('playlist_entries')
      .select('youtube_id')
      .where('playlist_id', '=', id)
      .orderBy('idx')
      .execute();
    return rows.map((r) => r.youtube_id);
  }
}

export function parseOverwrites(text: string | null | undefined): ChannelOverwrites {
  try {
    const value = JSON.parse(text || '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ChannelOverwrites) : {};
  } catch {
    return {};
  }
}
