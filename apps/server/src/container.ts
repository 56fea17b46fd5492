import type { AppConfigEnv } from './config.ts';
import { createAcquisitionServices } from './container-acquisition.ts';
import { createArchiveServices } from './container-archive.ts';
import { createArchiveEdits } from './container-edits.ts';
import { createOperations } from './container-operations.ts';
import { createUpkeepServices } from './container-upkeep.ts';
import { createBackupServices } from './container-backup.ts';
import { createProviderEdges } from './container-providers.ts';
import { ChangeSignal } from './services/change-signal.ts';
import { ChannelLookupService } from './services/channel-lookup.service.ts';
import { createQueueServices, createSubscriptionServices } from './container-queue.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createSearchIndex, type SearchThreadOptions } from './db/search/search.factory.ts';
import { SearchThreads } from './db/search/search-threads.ts';
import type { VideoBundleWriter } from './repositories/video-index.repository.ts';
import { ChannelQueryRepository } from './repositories/channel-query.repository.ts';
import { CommentQueryRepository } from './repositories/comment-query.repository.ts';
import { LoginFailureRepository } from './repositories/login-failure.repository.ts';
import { PlaylistQueryRepository } from './repositories/playlist-query.repository.ts';
import { SessionRepository } from './repositories/session.repository.ts';
import { StatsRepository } from './repositories/stats.repository.ts';
import { SettingsRepository } from './repositories/settings.repository.ts';
import { StorageRepository } from './repositories/storage.repository.ts';
import { TokenRepository } from './repositories/token.repository.ts';
import { UserRepository } from './repositories/user.repository.ts';
import { VideoQueryRepository } from './repositories/video-query.repository.ts';
import { WatchProgressRepository } from './repositories/watch-progress.repository.ts';
import { SimilarVideosRepository } from './repositories/similar-videos.repository.ts';
import { VideoPageTokensRepository } from './repositories/video-page-tokens.repository.ts';
import { AppConfigService } from './services/app-config.service.ts';
import { AuthService } from './services/auth.service.ts';
import { RecentCredentials } from './services/recent-credentials.ts';
import { VideoListPages } from './services/video-list-pages.ts';
import type { BackoffOptions } from './services/download-backoff.ts';
import { ChannelService } from './services/channel.service.ts';
import { LoginThrottle } from './services/login-throttle.ts';
import { MediaFileService } from './services/media-file.service.ts';
import { PlaylistService } from './services/playlist.service.ts';
import { SearchDocuments } from './services/search/search-documents.ts';
import { SearchService } from './services/search/search.service.ts';
import { StatsService } from './services/stats.service.ts';
import { UserAdminService } from './services/user-admin.service.ts';
import { UserConfigService } from './services/user-config.service.ts';
import { VersionCheckService } from './services/version-check.service.ts';
import { VideoRelationsService } from './services/video-relations.service.ts';
import { VideoService } from './services/video.service.ts';

export interface ContainerOptions {
  /** how download runs back off when the provider refuses (tests make it short) */
  downloadBackoff?: BackoffOptions;
  /** search worker threads on the SQLite file (the server; tests search on the main thread) */
  searchThreads?: SearchThreadOptions;
  /** where indexed videos are written: the server's SQLite writer thread (db/sqlite-video-writer.ts) */
  videoWriter?: VideoBundleWriter;
  /** the scheduler's clock (tests move it by hand) */
  now?: () => number;
}

/** Wiring by hand: repositories from the database, services from repositories. */
export function createContainer(
  config: AppConfigEnv,
  database: DatabaseHandle,
  options: ContainerOptions = {},
) {
  const users = new UserRepository(database.db);
  const sessions = new SessionRepository(database.db);
  const tokens = new TokenRepository(database.db);
  const settings = new SettingsRepository(database.db);
  const storage = new StorageRepository();
  const userConfig = new UserConfigService(settings);
  const recentCredentials = new RecentCredentials();
  const videoQueries = new VideoQueryRepository(database.db, database.engine);
  const playlistQueries = new PlaylistQueryRepository(database.db, database.engine);
  const searchIndex = createSearchIndex(database, options.searchThreads);
  const localVideoPages = new VideoListPages(videoQueries);
  const videoPages =
    searchIndex instanceof SearchThreads ? searchIndex.videoPagesWith(localVideoPages) : localVideoPages;
  const appConfig = new AppConfigService(settings);
  const archive = createArchiveServices(config, database, options.videoWriter);
  const providers = createProviderEdges(config);
  const channels = new ChannelService(new ChannelQueryRepository(database.db, database.engine), userConfig);
  // the push subscriptions (acquisition) follow subscription edits wired before them
  const subscriptionsChanged = new ChangeSignal();
  const edits = createArchiveEdits(config, database, userConfig, archive.tasks, subscriptionsChanged);
  const queue = createQueueServices({
    config,
    database,
    settings,
    appConfig,
    userConfig,
    archive,
    providers,
  });
  const acquisition = createAcquisitionServices({
    config,
    database,
    settings,
    appConfig,
    archive,
    providers,
    queue,
    removals: edits.removals,
    subscriptionsChanged,
    ...(options.now && { now: options.now }),
    ...(options.downloadBackoff && { backoff: options.downloadBackoff }),
  });
  const operations = createOperations({
    config,
    database,
    settings,
    jobs: archive.jobs,
    taskRecords: archive.taskRecords,
    ...(options.now && { now: options.now }),
  });
  const backup = createBackupServices({
    config,
    database,
    settings,
    jobs: archive.jobs,
    tasks: archive.tasks,
    onRestored: () => {
      operations.scheduler.wake();
      userConfig.forgetAll();
      recentCredentials.forget();
    },
    ...(options.now && { now: options.now }),
  });
  const pageTokens = new VideoPageTokensRepository(database.db, database.engine);
  return {
    config,
    database,
    repositories: { users, sessions, tokens, settings, storage },
    auth: new AuthService(
      users,
      sessions,
      tokens,
      new LoginThrottle(new LoginFailureRepository(database.db)),
    ),
    userConfig,
    appConfig,
    recentCredentials,
    userAdmin: new UserAdminService(users, sessions, tokens, recentCredentials),
    versionCheck: new VersionCheckService(settings),
    mediaFiles: new MediaFileService(storage, config),
    videos: new VideoService(
      videoQueries,
      new WatchProgressRepository(database.db),
      userConfig,
      pageTokens,
      new SimilarVideosRepository(database.db),
      videoPages,
    ),
    videoRelations: new VideoRelationsService(
      videoQueries,
      new CommentQueryRepository(database.db),
      playlistQueries,
    ),
    channels,
    channelLookup: new ChannelLookupService(channels, providers.ytdlp, queue.ytdlpSettings),
    playlists: new PlaylistService(playlistQueries, userConfig),
    stats: new StatsService(new StatsRepository(database.db), config.timeZone, () =>
      pageTokens.archiveToken(),
    ),
    searchIndex,
    search: new SearchService(
      searchIndex,
      new SearchDocuments(
        videoQueries,
        new ChannelQueryRepository(database.db, database.engine),
        playlistQueries,
      ),
    ),
    ...archive,
    ...edits,
    providers,
    ...queue,
    ...acquisition,
    ...createUpkeepServices(config, database, archive, edits.removals),
    ...createSubscriptionServices({
      database,
      archive,
      providers,
      ...queue,
      ...acquisition,
      subscriptionsChanged,
    }),
    ...operations,
    ...backup,
  };
}

export type Container = ReturnType<typeof createContainer>;
