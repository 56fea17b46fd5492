import path from 'node:path';
import { downloadDir, type AppConfigEnv } from './config.ts';
import type { createArchiveServices } from './container-archive.ts';
import type { createProviderEdges } from './container-providers.ts';
import type { DatabaseHandle } from './db/database.ts';
import { extractDownloadJob } from './jobs/extract-download.job.ts';
import { subscribeToJob } from './jobs/subscribe-to.job.ts';
import { ArchiveFilesRepository } from './repositories/archive-files.repository.ts';
import { DownloadQueueRepository } from './repositories/download-queue.repository.ts';
import { QueueAdditionsRepository } from './repositories/queue-additions.repository.ts';
import { RemoteFileRepository } from './repositories/remote-file.repository.ts';
import type { SettingsRepository } from './repositories/settings.repository.ts';
import { SubscriptionRepository } from './repositories/subscription.repository.ts';
import type { AppConfigService } from './services/app-config.service.ts';
import type { ChangeSignal } from './services/change-signal.ts';
import { CookieService } from './services/cookie.service.ts';
import { FailureDiagnosisService } from './services/failure-diagnosis.service.ts';
import { DownloadQueueService, type TaskStarter } from './services/download-queue.service.ts';
import type { ProviderIndexService } from './services/provider-index.service.ts';
import { PoTokenService } from './services/potoken.service.ts';
import { playlistWriter, QueueExtractor } from './services/queue-extractor.service.ts';
import { QueueThumbnails } from './services/queue-thumbnails.service.ts';
import { SubscriberService } from './services/subscriber.service.ts';
import { SubscriptionService } from './services/subscription.service.ts';
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
 * The wiring of acquisition's front half: the yt-dlp settings with the cookie and PO token that feed
 * them, the download queue and the extract_download task. The download and scan jobs take `downloadQueue` from here.
 */
export function createQueueServices(deps: QueueDeps) {
  const { database, archive, providers } = deps;
  const ytdlpSettings = new YtdlpSettingsService(deps.appConfig, deps.settings);
  const queueRows = new DownloadQueueRepository(database.db, database.engine);
  const thumbnails = new QueueThumbnails(
    new RemoteFileRepository(),
    archive.artwork,
    new ArchiveFilesRepository(),
    archive.archivePaths,
    path.join(downloadDir(deps.config), '.scratch'),
  );
  // what a provider failure means, for every place that reports one (queue adds, scans, cookie check...)
  const diagnosis = new FailureDiagnosisService(() => providers.ytdlp.version());
  const queueExtractor = new QueueExtractor(
    queueRows,
    providers.ytdlp,
    ytdlpSettings,
    deps.appConfig,
    playlistWriter(({ playlist, entries }) => archive.videoIndex.writePlaylist(playlist, entries)),
    thumbnails,
    (error) => diagnosis.explain(error),
  );
  const additions = new QueueAdditionsRepository(database.db);
  const downloadQueue = new DownloadQueueService(
    queueRows,
    queueExtractor,
    deps.userConfig,
    taskStarter(archive),
    additions,
  );
  archive.jobs.register('extract_download', extractDownloadJob(queueExtractor, downloadQueue, additions));
  const { settings, appConfig } = deps;
  return {
    ytdlpSettings,
    diagnosis,
    queueExtractor,
    downloadQueue,
    cookies: new CookieService(
      settings,
      appConfig,
      ytdlpSettings,
      providers.ytdlp,
      deps.config.timeZone,
      (error) => diagnosis.explain(error),
    ),
    poToken: new PoTokenService(settings, appConfig),
  };
}

/**
 * Subscriptions: the batch API and the subscribe_to task, which indexes channels and playlists through
 * the acquisition's provider indexer (so it is wired after that).
 */
export function createSubscriptionServices(deps: {
  database: DatabaseHandle;
  archive: ReturnType<typeof createArchiveServices>;
  providers: ReturnType<typeof createProviderEdges>;
  ytdlpSettings: YtdlpSettingsService;
  providerIndex: ProviderIndexService;
  subscriptionsChanged: ChangeSignal;
}) {
  const rows = new SubscriptionRepository(deps.database.db);
  const subscriber = new SubscriberService(
    rows,
    deps.providers.ytdlp,
    deps.providerIndex,
    deps.ytdlpSettings,
  );
  deps.archive.jobs.register('subscribe_to', subscribeToJob(subscriber, deps.subscriptionsChanged));
  return {
    subscriptions: new SubscriptionService(rows, taskStarter(deps.archive), deps.subscriptionsChanged),
  };
}

function taskStarter(archive: ReturnType<typeof createArchiveServices>): TaskStarter {
  return {
    start: (name, payload) => archive.tasks.start(name, payload),
    has: (name) => archive.jobs.has(name),
  };
}
