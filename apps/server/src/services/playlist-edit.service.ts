import { randomUUID } from 'node:crypto';
import type { CustomPlaylistActionBody, Playlist, PlaylistUpdateBody } from '@tubekeeper/contract';
import { badRequest, notFound } from '../errors.ts';
import type { OrderedEntry, PlaylistEditRepository } from '../repositories/playlist-edit.repository.ts';
import type { PlaylistQueryRepository } from '../repositories/playlist-query.repository.ts';
import type { ArtworkService } from './artwork.service.ts';
import { reorder } from './custom-playlist-order.ts';
import type { PlaylistService } from './playlist.service.ts';
import type { UserConfigService } from './user-config.service.ts';

/** A playlist as the API shows it, plus what went wrong on the side (art), for the caller to log. */
export interface EditResult {
  playlist: Playlist;
  warnings: string[];
}

/** Custom playlists (create, membership, order) and the settings of provider playlists (upstream §1.6). */
export class PlaylistEditService {
  constructor(
    private readonly queries: PlaylistQueryRepository,
    private readonly edits: PlaylistEditRepository,
    private readonly playlists: PlaylistService,
    private readonly userConfig: UserConfigService,
    private readonly artwork: Pick<ArtworkService, 'playlistArt'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new, empty custom playlist with the id upstream gives them: `TA_playlist_<uuid>`. */
  async createCustom(name: string): Promise<EditResult> {
    const id = `TA_playlist_${randomUUID()}`;
    await this.edits.insert({
      playlist_id: id,
      playlist_name: name,
      playlist_type: 'custom',
      playlist_channel: null,
      playlist_channel_id: null,
      playlist_description: null,
      playlist_subscribed: 0,
      playlist_active: 0,
      playlist_last_refresh: this.now(),
      playlist_sort_order: 'top',
      playlist_thumb_url: null,
    });
    return { playlist: await this.playlists.get(id), warnings: await this.refreshArt(id, []) };
  }

  async applyCustom(userId: number, playlistId: string, body: CustomPlaylistActionBody): Promise<EditResult> {
    const row = await this.queries.findById(playlistId);
    if (!row) throw notFound('playlist not found');
    if (row.playlist_type !== 'custom') throw badRequest('playlist is not a custom playlist');
    const { action, video_id: videoId } = body;
    const label = action === 'create' ? await this.edits.videoLabel(videoId) : undefined;
    if (action === 'create' && !label) throw notFound('video not found');
    const config = await this.userConfig.get(userId);
    const skipWatched = config.hide_watched_playlist ?? config.hide_watched ?? false;
    const entries = await this.edits.rewriteEntries(
      playlistId,
      (current) => {
        if (action !== 'create') return reorder(current, action, videoId, skipWatched);
        if (current.some((entry) => entry.youtube_id === videoId)) return current;
        return [
          ...current,
          { youtube_id: videoId, title: label!.title, uploader: label!.uploader, watched: 0 },
        ];
      },
      this.now(),
      userId,
    );
    if (!entries) throw notFound('playlist not found');
    return {
      playlist: await this.playlists.get(playlistId),
      warnings: await this.refreshArt(playlistId, entries),
    };
  }

  /** Subscription and sort order of a provider playlist; custom playlists have neither. */
  async updateSettings(playlistId: string, body: PlaylistUpdateBody): Promise<Playlist> {
    const row = await this.queries.findById(playlistId);
    if (!row) throw notFound('playlist not found');
    if (row.playlist_type === 'custom')
      throw badRequest('custom playlists have no subscription or sort order');
    await this.edits.updateSettings(playlistId, {
      ...(body.playlist_subscribed !== undefined && {
        playlist_subscribed: body.playlist_subscribed ? 1 : 0,
      }),
      ...(body.playlist_sort_order !== undefined && { playlist_sort_order: body.playlist_sort_order }),
    });
    return this.playlists.get(playlistId);
  }

  /** Redraws the art of a playlist whose entries changed elsewhere (a deleted video). */
  async refreshArtOf(playlistId: string): Promise<string[]> {
    const entries = await this.queries.entriesOf([playlistId]);
    return this.refreshArt(playlistId, entries);
  }

  /** The art shows the first entry's thumbnail (the default when empty); a failure only costs the art. */
  async refreshArt(playlistId: string, entries: Pick<OrderedEntry, 'youtube_id'>[]): Promise<string[]> {
    try {
      await this.artwork.playlistArt(
        playlistId,
        entries.slice(0, 1).map((e) => e.youtube_id),
      );
      return [];
    } catch (error) {
      return [`playlist art of ${playlistId} not updated: ${(error as Error).message}`];
    }
  }
}
