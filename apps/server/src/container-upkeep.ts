import path from 'node:path';
import { downloadDir, type AppConfigEnv } from './config.ts';
import type { createArchiveServices } from './container-archive.ts';
import type { DatabaseHandle } from './db/database.ts';
import { rescanFilesystemJob } from './jobs/rescan-filesystem.job.ts';
import { thumbnailCheckJob } from './jobs/thumbnail-check.job.ts';
import { ArchiveFilesRepository } from './repositories/archive-files.repository.ts';
import { ArchiveScanRepository } from './repositories/archive-scan.repository.ts';
import { RemoteFileRepository } from './repositories/remote-file.repository.ts';
import type { ArchiveRemovalService } from './services/archive-removal.service.ts';
import { FilesystemRescanService } from './services/filesystem-rescan.service.ts';
import { ImportVideoStager } from './services/import-video.service.ts';
import { ThumbnailCheckService } from './services/thumbnail-check.service.ts';

/**
 * The wiring of the archive's upkeep tasks: rescan_filesystem (the media folder against the rows) and
 * thumbnail_check (the art cache against the rows).
 */
export function createUpkeepServices(
  config: AppConfigEnv,
  database: DatabaseHandle,
  archive: ReturnType<typeof createArchiveServices>,
  removals: Pick<ArchiveRemovalService, 'deleteVideo'>,
) {
  const files = new ArchiveFilesRepository();
  const rows = new ArchiveScanRepository(database.db);
  const paths = archive.archivePaths;
  const stagingRoot = paths.rescanStagingDir;
  const filesystemRescan = new FilesystemRescanService({
    rows,
    files,
    removals,
    // the files are read where they lie (each group names its folder); only the staging folder is its own
    stager: new ImportVideoStager(archive.ffmpeg, files, archive.artwork, {
      importDir: paths.mediaDir,
      stagingRoot,
    }),
    archiver: archive.archiver,
    paths,
    stagingRoot,
  });
  archive.jobs.register('rescan_filesystem', rescanFilesystemJob(filesystemRescan));
  const thumbnailCheck = new ThumbnailCheckService({
    rows,
    files,
    remote: new RemoteFileRepository(),
    artwork: archive.artwork,
    paths,
    scratchDir: path.join(downloadDir(config), '.scratch'),
  });
  archive.jobs.register('thumbnail_check', thumbnailCheckJob(thumbnailCheck));
  return { filesystemRescan, thumbnailCheck };
}
