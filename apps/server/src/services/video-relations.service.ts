import type { Comment, PlaylistNavItem, PlaylistNavVideo } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { CommentQueryRepository } from '../repositories/comment-query.repository.ts';
import type { EntryRecord, PlaylistQueryRepository } from '../repositories/playlist-query.repository.ts';
import type { VideoQueryRepository } from '../repositories/video-query.repository.ts';
import { toCommentTree } from './wire/comment.mapper.ts';
import { videoThumbUrl } from './wire/urls.ts';

/** What hangs off a video: its comment threads and its place in playlists. */
export class VideoRelationsService {
  constructor(
    private readonly videos: VideoQueryRepository,
    private readonly commentRows: CommentQueryRepository,
    private readonly playlists: PlaylistQueryRepository,
  ) {}

  async comments(youtubeId: string): Promise<Comment[]> {
    await this.requireVideo(youtubeId);
    return toCommentTree(await this.commentRows.ofVideo(youtubeId));
  }

  /**
   * For each playlist containing the video: the previous and next video among the entries that are in
   * the archive. Playlists with fewer than two archived entries are left out (upstream §1.4).
   */
  async nav(youtubeId: string): Promise<PlaylistNavItem[]> {
    await this.requireVideo(youtubeId);
    const playlists = await this.playlists.containing(youtubeId);
    const entries = await this.playlists.entriesOf(
      playlists.map((p) => p.playlist_id),
      true,
    );
    const nav: PlaylistNavItem[] = [];
    for (const playlist of playlists) {
      const downloaded = entries.filter((e) => e.playlist_id === playlist.playlist_id);
      const at = downloaded.findIndex((e) => e.youtube_id === youtubeId);
      if (at === -1 || downloaded.length < 2) continue;
      nav.push({
        playlist_meta: {
          current_idx: downloaded[at]!.idx,
          playlist_channel: playlist.playlist_channel,
          playlist_id: playlist.playlist_id,
          playlist_name: playlist.playlist_name,
        },
        playlist_next: at < downloaded.length - 1 ? toNavVideo(downloaded[at + 1]!) : null,
        playlist_previous: at > 0 ? toNavVideo(downloaded[at - 1]!) : null,
      });
    }
    return nav;
  }

  private async requireVideo(youtubeId: string): Promise<void> {
    if (!(await this.videos.exists(youtubeId))) throw notFound('video not found');
  }
}

function toNavVideo(entry: EntryRecord): PlaylistNavVideo {
  return {
    downloaded: entry.downloaded === 1,
    idx: entry.idx,
    title: entry.title ?? '',
    uploader: entry.uploader,
    vid_thumb: videoThumbUrl(entry.youtube_id),
    youtube_id: entry.youtube_id,
  };
}
