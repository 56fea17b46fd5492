import { pino } from 'pino';
import { downloadDir, type AppConfigEnv } from './config.ts';
import { FeedRepository } from './repositories/feed.repository.ts';
import { RydRepository } from './repositories/ryd.repository.ts';
import { SponsorBlockRepository } from './repositories/sponsorblock.repository.ts';
import { YtdlpRepository } from './repositories/ytdlp.repository.ts';

/**
 * The edges to the outside: the provider through yt-dlp and its Atom feeds, SponsorBlock and Return
 * YouTube Dislike.
 * They hold no database state, so they are built from the configuration alone.
 */
export function createProviderEdges(config: AppConfigEnv) {
  const logger = pino({ level: config.logLevel, name: 'integrations' });
  return {
    ytdlp: new YtdlpRepository({
      executable: config.ytdlpPath,
      cacheDir: config.cacheDir,
      metadataTimeoutMs: config.ytdlpTimeoutMs,
      downloadDir: downloadDir(config),
    }),
    sponsorblock: new SponsorBlockRepository({ baseUrl: config.sponsorblockUrl, logger }),
    ryd: new RydRepository({ baseUrl: config.rydUrl, logger }),
    feeds: new FeedRepository({ baseUrl: config.youtubeFeedUrl }),
  };
}
