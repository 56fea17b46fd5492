import type { Player, Video, VideoListQuery } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { VideoPageTokensRepository } from '../repositories/video-page-tokens.repository.ts';
import type { VideoQueryRepository } from '../repositories/video-query.repository.ts';
import type { WatchProgressRepository } from '../repositories/watch-progress.repository.ts';
import { normalisedTags, rankSimilar, titleWords } from './similarity.ts';
import type { UserConfigService } from './user-config.service.ts';
import { jsonStrings } from './wire/format.ts';
import { assembleVideos, VideoListPages, type VideoPageReader } from './video-list-pages.ts';
import { VideoPageCache } from './video-page-cache.ts';
import { toPlayer } from './wire/video.mapper.ts';

const SIMILAR_COUNT = 6;

/** The video list, one video, its similar videos and the caller's playback state. */
export class VideoService {
  constructor(
    private readonly videos: VideoQueryRepository,
    private readonly progress: WatchProgressRepository,
    private readonly userConfig: UserConfigService,
    private readonly pageTokens: VideoPageTokensRepository,
    /** list pages: on the read threads when the server runs them, else here */
    private readonly pages: VideoPageReader = new VideoListPages(videos),
    private readonly pageCache = new VideoPageCache(),
  ) {}

  /**
   * One page of videos (upstream §1.4) with the caller's page size, as the JSON text of a VideoList: kept
   * until a write changes what it shows. The state is read before the page (see VideoPageCache).
   */
  async listJson(userId: number, query: VideoListQuery, url: string): Promise<Buffer> {
    const [{ page_size: pageSize }, state] = await Promise.all([
      this.userConfig.get(userId),
      this.pageTokens.stateOf(userId),
    ]);
    return this.pageCache.page(`${userId} ${pageSize} ${url}`, state, () =>
      this.pages.pageJson({ userId, query, url, pageSize }),
    );
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
    const candidates = await this.videos.similarCandidates(
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
