import { getJson, type IntegrationOptions } from './integration-fetch.ts';

/** Every category upstream asks for (§8). */
export const SPONSORBLOCK_CATEGORIES = [
  'sponsor',
  'selfpromo',
  'interaction',
  'intro',
  'outro',
  'preview',
  'music_offtopic',
  'poi_highlight',
  'filler',
] as const;

export interface SponsorBlockSegment {
  UUID: string;
  segment: [number, number];
  category: string;
  actionType: string;
  locked?: number;
  votes?: number;
  videoDuration?: number;
  description?: string;
  [field: string]: unknown;
}

/** `video.sponsorblock` as upstream stores it; `last_refresh` in epoch seconds like upstream's wire value. */
export interface SponsorBlockData {
  last_refresh: number;
  is_enabled: true;
  has_unlocked?: boolean;
  segments: SponsorBlockSegment[];
}

/** SponsorBlock segments of a video; undefined when the service could not answer (nothing is stored). */
export class SponsorBlockRepository {
  constructor(private readonly options: IntegrationOptions) {}

  async getSegments(videoId: string, signal?: AbortSignal): Promise<SponsorBlockData | undefined> {
    const query = new URLSearchParams({ videoID: videoId });
    for (const category of SPONSORBLOCK_CATEGORIES) query.append('category', category);
    const url = `${this.options.baseUrl}/api/skipSegments?${query}`;
    const outcome = await getJson(url, this.options.timeoutMs ?? 10_000, signal);
    const lastRefresh = Math.floor((this.options.now?.() ?? Date.now()) / 1000);
    if ('failure' in outcome || outcome.status === 503) {
      const reason = 'failure' in outcome ? outcome.failure : 'HTTP 503';
      if (!signal?.aborted) {
        this.options.logger.warn(
          { videoId, url: this.options.baseUrl, reason },
          'SponsorBlock unreachable, skipped',
        );
      }
      return undefined;
    }
    // 404 means "no segments"; upstream treats every other non-OK answer the same way
    if (outcome.status !== 200 || !Array.isArray(outcome.body)) {
      return { last_refresh: lastRefresh, is_enabled: true, segments: [] };
    }
    const segments = (outcome.body as SponsorBlockSegment[]).map((segment) => ({
      ...segment,
      actionType: segment.category === 'sponsor' ? 'skip' : 'none',
    }));
    const hasUnlocked = !segments.some((segment) => segment.locked);
    return { last_refresh: lastRefresh, has_unlocked: hasUnlocked, is_enabled: true, segments };
  }
}
