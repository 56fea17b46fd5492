import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface VideoFileRow {
  youtube_id: string;
  /** relative to the media root */
  media_url: string;
}

export interface VideoThumbRow extends VideoFileRow {
  thumb_url: string | null;
  duration: number;
}

export interface ChannelArtRow {
  channel_id: string;
  channel_thumb_url: string | null;
  channel_banner_url: string | null;
  channel_tvart_url: string | null;
}

/** Every id the cache may keep art for. */
export interface KnownIds {
  /** archived videos and download queue items (both have thumbnails) */
  videos: Set<string>;
  channels: Set<string>;
  playlists: Set<string>;
}

/**
 * The whole-archive reads of the filesystem rescan and the thumbnail check: which files the rows name,
 * which art they expect, and which ids exist. One query per list; an archive of 100 000 videos is a few
 * megabytes of ids.
 */
export class ArchiveScanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  videoFiles(): Promise<VideoFileRow[]> {
    return this.db.selectFrom('videos').select(['youtube_id', 'media_url']).execute();
  }

  async channelName(channelId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .select('channel_name')
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row?.channel_name;
  }

  activeVideoThumbs(): Promise<VideoThumbRow[]> {
    return this.db
      .selectFrom('videos')
      .select(['youtube_id', 'media_url', 'thumb_url', 'duration'])
      .where('active', '=', 1)
      .orderBy('youtube_id')
      .execute();
  }

  activeChannelArt(): Promise<ChannelArtRow[]> {
    return this.db
      .selectFrom('channels')
      .select(['channel_id', 'channel_thumb_url', 'channel_banner_url', 'channel_tvart_url'])
      .where('channel_active', '=', 1)
      .orderBy('channel_id')
      .execute();
  }

  async activePlaylistIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('playlists')
      .select('playlist_id')
      .where('playlist_active', '=', 1)
      .orderBy('playlist_id')
      .execute();
    return rows.map((row) => row.playlist_id);
  }

  /** The first few archived entries of a playlist, in its order (what its art is drawn from). */
  async archivedEntries(playlistId: string, limit = 5): Promise<string[]> {
    const rows = await this.db
      .selectFrom('playlist_entries')
      .innerJoin('videos', 'videos.youtube_id', 'playlist_entries.youtube_id')
      .select('playlist_entries.youtube_id')
      .where('playlist_entries.playlist_id', '=', playlistId)
      .orderBy('playlist_entries.idx')
      .limit(limit)
      .execute();
    return rows.map((r) => r.youtube_id);
  }

  pendingQueueThumbs(): Promise<{ youtube_id: string; vid_thumb_url: string | null }[]> {
    return this.db
      .selectFrom('download_queue')
      .select(['youtube_id', 'vid_thumb_url'])
      .where('status', '=', 'pending')
      .orderBy('youtube_id')
      .execute();
  }

  async knownIds(): Promise<KnownIds> {
    const [videos, queue, channels, playlists] = await Promise.all([
      this.db.selectFrom('videos').select('youtube_id').execute(),
      this.db.selectFrom('download_queue').select('youtube_id').execute(),
      this.db.selectFrom('channels').select('channel_id').execute(),
      this.db.selectFrom('playlists').select('playlist_id').execute(),
    ]);
    return {
      videos: new Set([...videos, ...queue].map((r) => r.youtube_id)),
      channels: new Set(channels.map((r) => r.channel_id)),
      playlists: new Set(playlists.map((r) => r.playlist_id)),
    };
  }
}
