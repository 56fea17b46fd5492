import { player, type Player, type Video, type VideoListQuery } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { SimilarVideosRepository } from '../repositories/similar-videos.repository.ts';
import type { PageTokens, VideoPageTokensRepository } from '../repositories/video-page-tokens.repository.ts';
import type { VideoQueryRepository } from '../repositories/video-query.repository.ts';
import type { WatchProgressRepository } from '../repositories/watch-progress.repository.ts';
import { normalisedTags, rankSimilar, titleWords } from './similarity.ts';
import type { UserConfigService } from './user-config.service.ts';
import { jsonStrings } from './wire/format.ts';
import { assembleVideos, VideoListPages, type VideoPageReader } from './video-list-pages.ts';
import { PlayerChanges } from './player-changes.ts';
import { VideoPageCache, type PageStates } from './video-page-cache.ts';
import { exactJsonOf } from './wire/exact-json.ts';
import { toPlayer } from './wire/video.mapper.ts';

const SIMILAR_COUNT = 6;

const playerJson = exactJsonOf(player, 'the player of GET /api/video/');

/**
 * What a list page shows besides its players depends on the archive and, for the watched and unwatched
 * lists, on the user's marks; "continue" also on their positions (it lists the videos they started).
 * The players depend on the user's marks and positions.
 */
function pageStates(query: VideoListQuery, tokens: PageTokens): PageStates {
  const frame =
    query.watch === undefined
      ? tokens.archive
      : `${tokens.archive}/${query.watch === 'continue' ? tokens.user : tokens.marks}`;
  return { frame, players: tokens.user };
}

/** The video list, one video, its similar videos and the caller's playback state. */
export class VideoService {
  constructor(
    private readonly videos: VideoQueryRepository,
    private readonly progress: WatchProgressRepository,
    private readonly userConfig: UserConfigService,
    private readonly pageTokens: VideoPageTokensRepository,
    private readonly similarVideos: SimilarVideosRepository,
    /** list pages: on the read threads when the server runs them, else here */
    private readonly pages: VideoPageReader = new VideoListPages(videos),
    private readonly pageCache = new VideoPageCache(),
    private readonly playerChanges = new PlayerChanges((...args) => pageTokens.playerChanges(...args)),
  ) {}

  /**
   * One page of videos (upstream §1.4) with the caller's page size, as the JSON text of a VideoList: kept
   * until a write changes what it shows. The states are read before the page (see VideoPageCache).
   */
  async listJson(userId: number, query: VideoListQuery, url: string): Promise<Buffer> {
    const [{ page_size: pageSize }, tokens] = await Promise.all([
      this.userConfig.get(userId),
      this.pageTokens.tokensOf(userId),
    ]);
    return this.pageCache.page(`${userId} ${pageSize} ${url}`, pageStates(query, tokens), {
      parts: () => this.pages.pageParts({ userId, query, url, pageSize }),
      players: (ids) => this.playersOf(ids, userId),
      playersTouched: (from, ids) => this.playerChanges.touched(userId, from, tokens.user, ids),
    });
  }

  /** The caller's players of these videos as the list writes them; undefined when one is gone. */
  private async playersOf(ids: string[], userId: number): Promise<string[] | undefined> {
    const marks = new Map((await this.videos.playerMarksOf(ids, userId)).map((m) => [m.youtube_id, m]));
    if (ids.some((id) => !marks.has(id))) return undefined;
    return ids.map((id) => {
      const mark = marks.get(id)!;
      return playerJson(toPlayer(mark, mark.progress_position));
    });
  }

  async get(userId: number, youtubeId: string): Promise<Video> {
    const [record] = await this.videos.fullRecordsOf([youtubeId], userId);
    if (!record) throw notFound('video not found');
    return assembleVideos([record])[0]!;
  }

  /** Up to six videos related by tags and title words (never the video itself). */
  async similar(userId: number, youtubeId: string): Promise<Video[]> {
    const record = await this.videos.findById(youtubeId, userId);
    if (!record) throw notFound('video not found');
    const source = { ...record, tags: jsonStrings(record.tags) };
    const candidates = await this.similarVideos.similarCandidates(
      record,
      titleWords(record.title),
      normalisedTags(source.tags),
    );
    const ids = rankSimilar(
      source,
      candidates.map((c) => ({ ...c, tags: jsonStrings(c.tags) })),
      SIMILAR_COUNT,
    );
    return assembleVideos(await this.videos.fullRecordsOf(ids, userId));
  }

  /** The caller's playback state of one video (the player object). */
  async playerState(userId: number, youtubeId: string): Promise<Player> {
    const record = await this.videos.findById(youtubeId, userId);
    if (!record) throw notFound('video not found');
    const position = await this.progress.positionOf(userId, youtubeId);
    return toPlayer(record, position ?? null);
  }
}
