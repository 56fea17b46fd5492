import { getJson, type IntegrationOptions } from './integration-fetch.ts';

/** The two figures upstream takes from Return YouTube Dislike into `video.stats` (§3.3). */
export interface RydVotes {
  dislike_count: number;
  average_rating: number;
}

/** Return YouTube Dislike votes; undefined for an unknown video (404) or an unreachable service. */
export class RydRepository {
  constructor(private readonly options: IntegrationOptions) {}

  async getVotes(videoId: string, signal?: AbortSignal): Promise<RydVotes | undefined> {
    const url = `${this.options.baseUrl}/votes?${new URLSearchParams({ videoId })}`;
    const outcome = await getJson(url, this.options.timeoutMs ?? 10_000, signal);
    if ('failure' in outcome) {
      if (signal?.aborted) return undefined;
      this.options.logger.warn(
        { videoId, url: this.options.baseUrl, reason: outcome.failure },
        'Return YouTube Dislike unreachable, skipped',
      );
      return undefined;
    }
    if (outcome.status !== 200) return undefined;
    const body = outcome.body as { dislikes?: unknown; rating?: unknown };
    if (typeof body.dislikes !== 'number' || typeof body.rating !== 'number') return undefined;
    return { dislike_count: body.dislikes, average_rating: body.rating };
  }
}
