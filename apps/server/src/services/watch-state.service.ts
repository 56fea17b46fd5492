import type { Player, ProgressReply, WatchedBody } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { WatchStateRepository } from '../repositories/watch-state.repository.ts';
import { toPlayer } from './wire/video.mapper.ts';

/** A position is kept only past the first seconds (upstream §1.4). */
export const MIN_STORED_POSITION_S = 5;

/**
 * The position from which a video counts as watched (upstream §1.4): half of a video under a minute,
 * the last three minutes of one over 15 minutes, 90 % of anything between.
 */
export function watchedThreshold(duration: number): number {
  if (duration < 60) return duration * 0.5;
  if (duration > 900) return duration - 180;
  return duration * 0.9;
}

/** Watched marks and playback positions, both the signed-in user's own (migration 0030). */
export class WatchStateService {
  constructor(
    private readonly watch: WatchStateRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** `POST /api/watched/`: marks every video the id names for the caller and drops their positions for them. */
  async mark(userId: number, body: WatchedBody): Promise<WatchedBody> {
    const scope = await this.watch.scopeOf(body.id);
    if (!scope) throw notFound(`no video, channel or playlist with id ${body.id}`);
    await this.watch.mark(scope, body.is_watched, userId, this.now());
    return body;
  }

  /**
   * Stores the caller's position. Crossing the watched threshold marks the video watched for the caller
   * (and, like any watched mark, drops the position); a video the caller watched stays watched.
   */
  async saveProgress(userId: number, youtubeId: string, position: number): Promise<ProgressReply> {
    const reply = (state: Player): ProgressReply => ({ ...state, position, youtube_id: youtubeId });
    const video = await this.watch.videoState(youtubeId, userId);
    if (!video) throw notFound('video not found');
    if (video.watched === 1) return reply(toPlayer(video, null));
    if (video.duration > 0 && position >= watchedThreshold(video.duration)) {
      const now = this.now();
      await this.watch.mark({ kind: 'video', id: youtubeId }, true, userId, now);
      return reply(toPlayer({ ...video, watched: 1, watched_date: now }, null));
    }
    if (position <= MIN_STORED_POSITION_S) return reply(toPlayer(video, null));
    await this.watch.savePosition(userId, youtubeId, position, this.now());
    return reply(toPlayer(video, position));
  }

  async clearProgress(userId: number, youtubeId: string): Promise<void> {
    await this.watch.deletePosition(userId, youtubeId);
  }
}
