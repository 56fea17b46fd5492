import type { AppConfigEnv } from './config.ts';
import type { createArchiveServices } from './container-archive.ts';
import type { createProviderEdges } from './container-providers.ts';
import type { DatabaseHandle } from './db/database.ts';
import { extractDownloadJob } from './jobs/extract-download.job.ts';
import { DownloadQueueRepository } from './repositories/download-queue.repository.ts';
import type { SettingsRepository } from './repositories/settings.repository.ts';
import type { AppConfigService } from './services/app-config.service.ts';
import { DownloadQueueService } from './services/download-queue.service.ts';
import { playlistWriter, QueueExtractor } from './services/queue-extractor.service.ts';
import type { UserConfigService } from './services/user-config.service.ts';
import { YtdlpSettingsService } from './services/ytdlp-settings.service.ts';

export interface QueueDeps {
  config: AppConfigEnv;
  database: DatabaseHandle;
  settings: SettingsRepository;
  appConfig: AppConfigService;
  userConfig: UserConfigService;
  archive: ReturnType<typeof createArchiveServices>;
  providers: ReturnType<typeof createProviderEdges>;
}

/**
 * The wiring of acquisition's front half: the yt-dlp settings (with cookie and PO token), the download
 * queue and the extract_download task. The download and scan jobs take `downloadQueue` from here.
 */
export function createQueueServices(deps: QueueDeps) {
  const { database, archive, providers } = deps;
  const ytdlpSettings = new YtdlpSettingsService(deps.appConfig, deps.settings);
  const queueRows = new DownloadQueueRepository(database.db, database.engine);
  const queueExtractor = new QueueExtractor(
    queueRows,
    providers.ytdlp,
    ytdlpSettings,
    deps.appConfig,
    playlistWriter(({ playlist, entries }) => archive.videoIndex.writePlaylist(playlist, entries)),
  );
  const downloadQueue = new DownloadQueueService(queueRows, queueExtractor, deps.userConfig, {
    start: (name, payload) => archive.tasks.start(name, payload),
    has: (name) => archive.jobs.has(name),
  });
  archive.jobs.register('extract_download', extractDownloadJob(queueExtractor, downloadQueue));
  return { ytdlpSettings, queueExtractor, downloadQueue };
}
