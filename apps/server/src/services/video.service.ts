import type { Player, Video, VideoList, VideoListQuery } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { FullVideoRecord, VideoQueryRepository } from '../repositories/video-query.repository.ts';
import type { WatchProgressRepository } from '../repositories/watch-progress.repository.ts';
import { pageFrom, paginate, paramsWithoutPage } from './pagination.ts';
import { normalisedTags, rankSimilar, titleWords } from './similarity.ts';
import type { UserConfigService } from './user-config.service.ts';
import { jsonStrings } from './wire/format.ts';
import { toPlayer, toVideo } from './wire/video.mapper.ts';

const SIMILAR_COUNT = 6;

/** The video list, one video, its similar videos and the caller's playback state. */
export class VideoService {
  constructor(
    private readonly videos: VideoQueryRepository,
    private readonly progress: WatchProgressRepository,
    private readonly userConfig: UserConfigService,
  ) {}

  /**
   * One page of videos (upstream §1.4). `url` is the request URL, whose query (minus page) goes back as
   * `paginate.params`. Without a sort, newest published first.
   */
  async list(userId: number, query: VideoListQuery, url: string): Promise<VideoList> {
    const { page_size: pageSize } = await this.userConfig.get(userId);
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
      data: this.assemble(records),
      paginate: paginate(page, pageSize, paramsWithoutPage(url), total),
    };
  }

  async get(userId: number, youtubeId: string): Promise<Video> {
    const [record] = await this.videos.fullRecordsOf([youtubeId], userId);
    if (!record) throw notFound('video not found');
    return this.assemble([record])[0]!;
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
    return this.assemble(await this.videos.fullRecordsOf(ids, userId));
  }

  /** The caller's playback state of one video (the player object). */
  async playerState(userId: number, youtubeId: string): Promise<Player> {
    const record = await this.videos.findById(youtubeId, userId);
    if (!record) throw notFound('video not found');
    const position = await this.progress.positionOf(userId, youtubeId);
    return toPlayer(record, position ?? null);
  }

  /** Records to wire shapes. */
  private assemble(records: FullVideoRecord[]): Video[] {
    return records.map((record) =>
      toVideo(record, { subtitles: record.subtitles, playlists: record.playlist_ids }),
    );
  }
}
