import { videoList, type Video, type VideoList, type VideoListQuery } from '@tubekeeper/contract';
import type { FullVideoRecord, VideoQueryRepository } from '../repositories/video-query.repository.ts';
import { pageFrom, paginate, paramsWithoutPage } from './pagination.ts';
import { exactJsonOf } from './wire/exact-json.ts';
import { toVideo } from './wire/video.mapper.ts';

/** One page of `GET /api/video/` to read: whose, which, and how many videos a page holds. */
export interface VideoPageRequest {
  userId: number;
  query: VideoListQuery;
  /** the request URL, whose query (minus page) goes back as `paginate.params` */
  url: string;
  pageSize: number;
}

/**
 * A page's JSON cut around each video's `player` object, the one part of a page that is the caller's own
 * (watched, position): `chunks[0] + players[0] + chunks[1] + … + chunks[n]` is the page as read, with the
 * caller's players. A saved position or a mark changes only the players, so the page cache
 * (video-page-cache.ts) puts new ones between the same chunks instead of reading the page again.
 */
export interface VideoPageParts {
  chunks: string[];
  players: string[];
  /** the page's videos, in order */
  ids: string[];
}

/**
 * Reads video list pages as the JSON the API answers: here, or on the read threads
 * (`db/search/search-threads.ts`). JSON text, because a thread's answer crosses to the main thread by
 * structured clone: strings are one copy, where 12 videos' objects were a clone and a rebuild, and the main
 * thread then had to stringify them too (measured: 0.15-0.2 ms of CPU more a page than on one thread).
 */
export interface VideoPageReader {
  pageParts(request: VideoPageRequest): Promise<VideoPageParts>;
}

/** The wire JSON of a page, checked against the contract's schema where the sources run (exact-json.ts). */
const videoListJson = exactJsonOf(videoList, 'GET /api/video/');

/** Records to wire shapes. */
export function assembleVideos(records: FullVideoRecord[]): Video[] {
  return records.map((record) =>
    toVideo(record, { subtitles: record.subtitles, playlists: record.playlist_ids }),
  );
}

/**
 * One page of videos (upstream §1.4) from the archive and its total, in the wire shape; without a sort,
 * newest published first. Plain data in and out, so a read thread can answer it as well as the main thread.
 */
export class VideoListPages implements VideoPageReader {
  constructor(private readonly videos: VideoQueryRepository) {}

  async pageParts(request: VideoPageRequest): Promise<VideoPageParts> {
    const page = await this.page(request);
    return cutAtPlayers(videoListJson(page), page.data);
  }

  async page({ userId, query, url, pageSize }: VideoPageRequest): Promise<VideoList> {
    const page = query.page ?? 0;
    const filter = {
      userId,
      channelId: query.channel,
      playlistId: query.playlist,
      watch: query.watch,
      type: query.type,
      height: query.height,
    };
    const order = { sort: query.sort ?? 'published', order: query.order ?? 'desc' } as const;
    const [total, records] = await Promise.all([
      this.videos.count(filter),
      this.videos.list(filter, order, pageSize, pageFrom(page, pageSize)),
    ]);
    return {
      data: assembleVideos(records),
      paginate: paginate(page, pageSize, paramsWithoutPage(url), total),
    };
  }
}

/**
 * Cuts a page's JSON around its videos' player objects. Each is found as `"player":` followed by that
 * player's own JSON, searched from the end of the previous one: a quote inside a string value is escaped,
 * so the text can only match the video's own key.
 */
function cutAtPlayers(json: string, videos: Video[]): VideoPageParts {
  const parts: VideoPageParts = { chunks: [], players: [], ids: [] };
  let from = 0;
  for (const video of videos) {
    const player = JSON.stringify(video.player);
    const key = json.indexOf(`"player":${player}`, from);
    if (key < 0) throw new Error(`video list: no player object for ${video.youtube_id}`);
    const at = key + '"player":'.length;
    parts.chunks.push(json.slice(from, at));
    parts.players.push(player);
    parts.ids.push(video.youtube_id);
    from = at + player.length;
  }
  parts.chunks.push(json.slice(from));
  return parts;
}
