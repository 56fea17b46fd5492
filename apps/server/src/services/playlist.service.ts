import type { Playlist, PlaylistList, PlaylistListQuery } from '@tubekeeper/contract';
import type { PlaylistRow } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import type { PlaylistQueryRepository } from '../repositories/playlist-query.repository.ts';
import { pageFrom, paginate, paramsWithoutPage } from './pagination.ts';
import type { UserConfigService } from './user-config.service.ts';
import { toPlaylist } from './wire/playlist.mapper.ts';

/** Playlists as the API shows them, each with its entries and whether they are in the archive. */
export class PlaylistService {
  constructor(
    private readonly playlists: PlaylistQueryRepository,
    private readonly userConfig: UserConfigService,
  ) {}

  async list(userId: number, query: PlaylistListQuery, url: string): Promise<PlaylistList> {
    const { page_size: pageSize } = await this.userConfig.get(userId);
    const page = query.page ?? 0;
    const filter = { channelId: query.channel, subscribed: query.subscribed, type: query.type };
    const [total, rows] = await Promise.all([
      this.playlists.count(filter),
      this.playlists.list(filter, pageSize, pageFrom(page, pageSize)),
    ]);
    return {
      data: await this.withEntries(rows),
      paginate: paginate(page, pageSize, paramsWithoutPage(url), total),
    };
  }

  async get(playlistId: string): Promise<Playlist> {
    const row = await this.playlists.findById(playlistId);
    if (!row) throw notFound('playlist not found');
    const [playlist] = await this.withEntries([row]);
    return playlist!;
  }

  private async withEntries(rows: PlaylistRow[]): Promise<Playlist[]> {
    const entries = await this.playlists.entriesOf(rows.map((r) => r.playlist_id));
    return rows.map((row) =>
      toPlaylist(
        row,
        entries
          .filter((e) => e.playlist_id === row.playlist_id)
          .map(({ youtube_id, title, uploader, idx, downloaded }) => ({
            downloaded: downloaded === 1,
            idx,
            title,
            uploader,
            youtube_id,
          })),
      ),
    );
  }
}
