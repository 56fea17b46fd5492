import type { Channel, Playlist, Video } from '@tubekeeper/contract';
import type { ChannelQueryRepository } from '../../repositories/channel-query.repository.ts';
import type { PlaylistQueryRepository } from '../../repositories/playlist-query.repository.ts';
import type { VideoQueryRepository } from '../../repositories/video-query.repository.ts';
import { toChannel } from '../wire/channel.mapper.ts';
import { toPlaylist } from '../wire/playlist.mapper.ts';
import { toVideo } from '../wire/video.mapper.ts';

/** Search hits (ids) as the same documents the video, channel and playlist endpoints answer, in hit order. */
export class SearchDocuments {
  constructor(
    private readonly videoQueries: VideoQueryRepository,
    private readonly channelQueries: ChannelQueryRepository,
    private readonly playlistQueries: PlaylistQueryRepository,
  ) {}

  async videos(userId: number, ids: string[]): Promise<Map<string, Video>> {
    if (ids.length === 0) return new Map();
    const records = await this.videoQueries.fullRecordsOf(ids, userId);
    return new Map(
      records.map((record) => [
        record.youtube_id,
        toVideo(record, { subtitles: record.subtitles, playlists: record.playlist_ids }),
      ]),
    );
  }

  async channels(ids: string[]): Promise<Map<string, Channel>> {
    const rows = await Promise.all(ids.map((id) => this.channelQueries.findById(id)));
    return new Map(rows.flatMap((row) => (row ? [[row.channel_id, toChannel(row)] as const] : [])));
  }

  async playlists(ids: string[]): Promise<Map<string, Playlist>> {
    const rows = (await Promise.all(ids.map((id) => this.playlistQueries.findById(id)))).flatMap((r) =>
      r ? [r] : [],
    );
    const entries = await this.playlistQueries.entriesOf(rows.map((r) => r.playlist_id));
    return new Map(
      rows.map((row) => [
        row.playlist_id,
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
      ]),
    );
  }
}
