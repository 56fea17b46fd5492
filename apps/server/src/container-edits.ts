import type { AppConfigEnv } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ArchiveFilesRepository } from './repositories/archive-files.repository.ts';
import { ArchiveRemovalRepository } from './repositories/archive-removal.repository.ts';
import { ChannelEditRepository } from './repositories/channel-edit.repository.ts';
import { FfmpegRepository } from './repositories/ffmpeg.repository.ts';
import { PlaylistEditRepository } from './repositories/playlist-edit.repository.ts';
import { PlaylistQueryRepository } from './repositories/playlist-query.repository.ts';
import { WatchStateRepository } from './repositories/watch-state.repository.ts';
import { ArchivePaths } from './services/archive-paths.ts';
import { ArchiveRemovalService } from './services/archive-removal.service.ts';
import { ArtworkService } from './services/artwork.service.ts';
import type { ChangeSignal } from './services/change-signal.ts';
import { ChannelEditService, type ChannelTaskStarter } from './services/channel-edit.service.ts';
import { PlaylistEditService } from './services/playlist-edit.service.ts';
import { PlaylistService } from './services/playlist.service.ts';
import type { UserConfigService } from './services/user-config.service.ts';
import { WatchStateService } from './services/watch-state.service.ts';

/**
 * The wiring of the archive's write calls (watch state, channel settings, custom playlists, deletes),
 * kept apart from container.ts so that file stays a short list. The repositories are stateless, so
 * this part builds its own instances instead of threading them through.
 */
export function createArchiveEdits(
  config: AppConfigEnv,
  database: DatabaseHandle,
  userConfig: UserConfigService,
  /** starts index_playlists when a channel's overwrite turns it on */
  tasks?: ChannelTaskStarter,
  subscriptionsChanged?: ChangeSignal,
) {
  const { db, engine } = database;
  const paths = new ArchivePaths(config);
  const files = new ArchiveFilesRepository();
  const playlistQueries = new PlaylistQueryRepository(db, engine);
  const playlistEdits = new PlaylistEditService(
    playlistQueries,
    new PlaylistEditRepository(db, engine),
    new PlaylistService(playlistQueries, userConfig),
    userConfig,
    new ArtworkService(new FfmpegRepository(config), files, paths),
  );
  return {
    watchState: new WatchStateService(new WatchStateRepository(db)),
    channelEdits: new ChannelEditService(new ChannelEditRepository(db, engine), tasks, subscriptionsChanged),
    playlistEdits,
    removals: new ArchiveRemovalService(new ArchiveRemovalRepository(db), files, paths, (playlistId) =>
      playlistEdits.refreshArtOf(playlistId),
    ),
  };
}
