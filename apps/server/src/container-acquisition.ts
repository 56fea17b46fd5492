import { HealthRepository } from './repositories/health.repository.ts';
import { HealthService } from './services/health.service.ts';
import { checkFeedsJob } from './jobs/check-feeds.job.ts';
import { FeedCheckRepository } from './repositories/feed-check.repository.ts';
import { FeedWatchService } from './services/feed-watch.service.ts';
import { WebsubHubRepository } from './repositories/websub-hub.repository.ts';
import { WebsubSubscriptionRepository } from './repositories/websub-subscription.repository.ts';
import type { ChangeSignal } from './services/change-signal.ts';
import { WebsubService } from './services/websub.service.ts';
import { SubscriptionHealthRepository } from './repositories/subscription-health.repository.ts';
import { SubscriptionHealthService } from './services/subscription-health.service.ts';
import path from 'node:path';
import { pino } from 'pino';
import { userFacingText } from './services/user-facing-text.ts';
import { downloadDir as stagingDownloadDir, type AppConfigEnv } from './config.ts';
import type { createArchiveServices } from './container-archive.ts';
import type { createProviderEdges } from './container-providers.ts';
import type { createQueueServices } from './container-queue.ts';
import type { DatabaseHandle } from './db/database.ts';
import { checkReindexJob } from './jobs/check-reindex.job.ts';
import { downloadPendingJob, downloadPendingPart } from './jobs/download-pending.job.ts';
import { indexPlaylistsJob } from './jobs/index-playlists.job.ts';
import { updateSubscribedJob } from './jobs/update-subscribed.job.ts';
import { ArchiveFilesRepository } from './repositories/archive-files.repository.ts';
import { ArchiveRefreshRepository } from './repositories/archive-refresh.repository.ts';
import { AutodeleteRepository } from './repositories/autodelete.repository.ts';
import { DownloadClaimRepository } from './repositories/download-claim.repository.ts';
import { ReindexQueueRepository } from './repositories/reindex-queue.repository.ts';
import { RemoteFileRepository } from './repositories/remote-file.repository.ts';
import type { SettingsRepository } from './repositories/settings.repository.ts';
import type { AppConfigService } from './services/app-config.service.ts';
import type { ArchiveRemovalService } from './services/archive-removal.service.ts';
import { ChannelPlaylistsService } from './services/channel-playlists.service.ts';
import type { BackoffOptions } from './services/download-backoff.ts';
import { DownloadIndexer } from './services/download-indexer.service.ts';
import { DownloadVerifier } from './services/download-verifier.ts';
import { DownloadPendingService, type DownloadRunQueue } from './services/download-pending.service.ts';
import { DownloadPostProcess } from './services/download-postprocess.service.ts';
import { ImportVideoStager } from './services/import-video.service.ts';
import { ProviderIndexService } from './services/provider-index.service.ts';
import { RefreshService } from './services/refresh.service.ts';
import { ReindexSubtitles } from './services/reindex-subtitles.service.ts';
import { ReindexVideoService } from './services/reindex-video.service.ts';
import { ReindexService } from './services/reindex.service.ts';
import { SubscriptionScanService } from './services/subscription-scan.service.ts';

export interface AcquisitionDeps {
  config: AppConfigEnv;
  database: DatabaseHandle;
  settings: SettingsRepository;
  appConfig: AppConfigService;
  archive: ReturnType<typeof createArchiveServices>;
  providers: ReturnType<typeof createProviderEdges>;
  queue: ReturnType<typeof createQueueServices>;
  removals: Pick<ArchiveRemovalService, 'deleteVideo'>;
  /** how download runs back off when the provider refuses (tests make it short) */
  backoff?: BackoffOptions;
  /** subscription edits, which the push subscriptions follow */
  subscriptionsChanged: ChangeSignal;
  /** the clock of lease renewals (tests move it) */
  now?: () => number;
}

/**
 * The wiring of acquisition's back half: the download run with its post-processing, the subscription
 * scan and the reindex, their task handlers, and the refresh API. Downloads stage in `<cache>/download/`
 * (`.staging/` for the archiver's commit plans, `.scratch/` for pictures on their way to the cache).
 */
export function createAcquisitionServices(deps: AcquisitionDeps) {
  const { database, archive, providers, queue, appConfig } = deps;
  const log = pino({ level: deps.config.logLevel, name: 'acquisition' });
  const files = new ArchiveFilesRepository();
  const rows = new ArchiveRefreshRepository(database.db);
  const remote = new RemoteFileRepository();
  const downloadDir = stagingDownloadDir(deps.config);
  const stagingRoot = path.join(downloadDir, '.staging');
  const scratchDir = path.join(downloadDir, '.scratch');
  const ytdlpSettings = queue.ytdlpSettings;
  const providerIndex = new ProviderIndexService(
    providers.ytdlp,
    archive.videoIndex,
    rows,
    archive.artwork,
    remote,
    files,
    scratchDir,
  );
  const channelPlaylists = new ChannelPlaylistsService({
    ytdlp: providers.ytdlp,
    providerIndex,
    rows,
    settings: ytdlpSettings,
  });
  const integrations = { sponsorblock: providers.sponsorblock, ryd: providers.ryd };
  const indexer = new DownloadIndexer({
    ytdlp: providers.ytdlp,
    stager: new ImportVideoStager(archive.ffmpeg, files, archive.artwork, {
      importDir: downloadDir,
      stagingRoot,
    }),
    archiver: archive.archiver,
    verifier: new DownloadVerifier(archive.ffmpeg),
    providerIndex,
    rows,
    remote,
    files,
    ...integrations,
    downloadDir,
    log,
  });
  const { diagnosis } = queue;
  const subscriptionHealth = new SubscriptionHealthService(
    new SubscriptionHealthRepository(database.db),
    diagnosis,
  );
  const explain = (error: unknown) => diagnosis.explain(error);
  const downloads = new DownloadPendingService({
    queue: runQueue(new DownloadClaimRepository(database.db, database.engine), queue.downloadQueue),
    claimTimeoutMs: deps.config.stallTimeoutMs,
    ytdlp: providers.ytdlp,
    indexer,
    settings: ytdlpSettings,
    appConfig,
    rows,
    files,
    downloadDir,
    recover: () => archive.archiver.recover(stagingRoot),
    space: archive.space,
    diagnose: (message) => diagnosis.diagnose(message),
    present: userFacingText(deps.config),
    log,
    ...(deps.backoff && { backoff: deps.backoff }),
  });
  const postProcess = new DownloadPostProcess({
    appConfig,
    settings: ytdlpSettings,
    rows,
    autodelete: new AutodeleteRepository(database.db),
    removals: deps.removals,
    ignoreList: {
      ignore: (videos) =>
        queue.downloadQueue.ignore(
          videos.map(({ thumb_url, ...video }) => ({ ...video, vid_thumb_url: thumb_url, message: null })),
        ),
    },
    providerIndex,
    channelPlaylists,
    log,
  });
  const subscriptionScan = new SubscriptionScanService({
    rows,
    ytdlp: providers.ytdlp,
    providerIndex,
    queue: queue.downloadQueue,
    settings: ytdlpSettings,
    appConfig,
    explain,
    health: subscriptionHealth,
  });
  const feedWatch = new FeedWatchService({
    rows,
    feeds: providers.feeds,
    checks: new FeedCheckRepository(database.db),
    queue: queue.downloadQueue,
    appConfig,
    explain,
    health: subscriptionHealth,
  });
  const websub = new WebsubService({
    subscriptions: new WebsubSubscriptionRepository(database.db),
    hub: new WebsubHubRepository({ hubUrl: deps.config.websubHub }),
    rows,
    queue: queue.downloadQueue,
    appConfig,
    startDownloads: () => queue.downloadQueue.startDownloads(true),
    publicUrl: deps.config.publicUrl,
    health: subscriptionHealth,
    log,
    ...(deps.now && { now: deps.now }),
  });
  deps.subscriptionsChanged.listen(() => websub.syncSoon());
  const reindexVideos = new ReindexVideoService({
    ytdlp: providers.ytdlp,
    rows,
    settings: ytdlpSettings,
    ffmpeg: archive.ffmpeg,
    remote,
    artwork: archive.artwork,
    files,
    paths: archive.archivePaths,
    ...integrations,
    subtitles: new ReindexSubtitles({
      ytdlp: providers.ytdlp,
      files,
      paths: archive.archivePaths,
      scratchDir,
    }),
    scratchDir,
  });
  const reindex = new ReindexService({
    queue: new ReindexQueueRepository(database.db),
    rows,
    videos: reindexVideos,
    providerIndex,
    settings: ytdlpSettings,
    appSettings: deps.settings,
    explain,
  });
  const { jobs } = archive;
  jobs.register(
    'download_pending',
    downloadPendingJob(downloads, postProcess, () => queue.downloadQueue.resumeHeldAdditions()),
  );
  jobs.registerPart('download_pending', downloadPendingPart(downloads));
  jobs.register(
    'update_subscribed',
    updateSubscribedJob(subscriptionScan, appConfig, () => queue.downloadQueue.startDownloads(true)),
  );
  jobs.register(
    'check_feeds',
    checkFeedsJob(feedWatch, websub, appConfig, () => queue.downloadQueue.startDownloads(true)),
  );
  jobs.register('check_reindex', checkReindexJob(reindex));
  jobs.register('index_playlists', indexPlaylistsJob(channelPlaylists));
  return {
    providerIndex,
    subscriptionHealth,
    health: new HealthService(
      new HealthRepository(database.db),
      subscriptionHealth,
      diagnosis,
      { queue: deps.config.redisUrl ? 'redis' : 'embedded', jobs },
      archive.readOnly,
    ),
    downloads,
    postProcess,
    subscriptionScan,
    feedWatch,
    websub,
    reindex,
    refresh: new RefreshService(reindex, archive.tasks),
  };
}

/**
 * The queue as a download run takes it: items are claimed in the database (compare-and-set with a lease),
 * so parallel downloads in this process and runs on other worker processes never take the same item.
 */
function runQueue(
  claims: DownloadClaimRepository,
  queue: ReturnType<typeof createQueueServices>['downloadQueue'],
): DownloadRunQueue {
  return {
    claimNext: (options) => claims.claimNext(options),
    renew: (owner, ids, until) => claims.renew(owner, ids, until),
    release: (owner, id) => claims.release(owner, id),
    heldElsewhere: (options) => claims.heldElsewhere(options),
    releaseAll: () => claims.releaseAll(),
    setMessage: (id, message, diagnosis) => queue.setMessage(id, message, diagnosis),
    resetAutoStart: () => queue.resetAutoStart(),
  };
}
