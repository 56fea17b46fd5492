import { pino } from 'pino';
import type { AppConfigEnv } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { BullJobQueue } from './jobs/bullmq-job-queue.ts';
import { EmbeddedJobQueue } from './jobs/embedded-job-queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { redisClient } from './jobs/redis-connection.ts';
import { WorkerRegistry } from './jobs/worker-registry.ts';
import { manualImportJob } from './jobs/manual-import.job.ts';
import { resyncMetadataJob } from './jobs/resync-metadata.job.ts';
import { ArchiveFilesRepository } from './repositories/archive-files.repository.ts';
import { FfmpegRepository } from './repositories/ffmpeg.repository.ts';
import { MetadataEmbedRepository } from './repositories/metadata-embed.repository.ts';
import { TaskRepository } from './repositories/task.repository.ts';
import { VideoIndexRepository, type VideoBundleWriter } from './repositories/video-index.repository.ts';
import { ArchivePaths } from './services/archive-paths.ts';
import { ArtworkService } from './services/artwork.service.ts';
import { ImportCatalogService } from './services/import-catalog.service.ts';
import { ImportVideoStager } from './services/import-video.service.ts';
import { ManualImportService } from './services/manual-import.service.ts';
import { MetadataEmbedService } from './services/metadata-embed.service.ts';
import { TaskRecordService } from './services/task-record.service.ts';
import { userFacingText } from './services/user-facing-text.ts';
import { TaskService } from './services/task.service.ts';
import { VideoArchiver } from './services/video-archiver.service.ts';
import { DiskSpaceService } from './services/disk-space.service.ts';
import { ReadOnlyState } from './services/read-only.ts';

/**
 * The part of the wiring that fills the archive: tasks and their job queue, ffmpeg, artwork, the video
 * archiver (shared by the manual import and the downloader) and the manual import. Kept apart from
 * container.ts so that file stays a short list. `videoWriter`: where indexed videos are written (the server's
 * SQLite writer thread); without it, on this thread.
 */
export function createArchiveServices(
  config: AppConfigEnv,
  database: DatabaseHandle,
  videoWriter?: VideoBundleWriter,
) {
  const paths = new ArchivePaths(config);
  const files = new ArchiveFilesRepository();
  const ffmpeg = new FfmpegRepository(config);
  const videoIndex = new VideoIndexRepository(database.db, videoWriter);
  const taskRows = new TaskRepository(database.db);
  const present = userFacingText(config);
  const taskRecords = new TaskRecordService(taskRows, Date.now, present);
  const jobs = createJobQueue(config, taskRecords);
  const artwork = new ArtworkService(ffmpeg, files, paths);
  // the volumes a download writes to; the SQLite file's too (PostgreSQL's disk is its server's)
  const space = new DiskSpaceService(files, [
    { name: 'media', dir: config.mediaDir },
    { name: 'cache', dir: config.cacheDir },
    ...(database.engine === 'sqlite' ? [{ name: 'database', dir: config.dataDir }] : []),
  ]);
  const archiver = new VideoArchiver(videoIndex, files, paths, space);
  const importDirs = { importDir: paths.importDir, stagingRoot: paths.importStagingDir };
  const manualImport = new ManualImportService(
    files,
    new ImportVideoStager(ffmpeg, files, artwork, importDirs),
    archiver,
    new ImportCatalogService(videoIndex, files, artwork, paths.importDir),
    importDirs,
  );
  jobs.register('manual_import', manualImportJob(manualImport));
  const embedder = new MetadataEmbedService(
    new MetadataEmbedRepository(database.db, database.engine),
    ffmpeg,
    files,
    paths,
  );
  jobs.register('resync_metadata', resyncMetadataJob(embedder));
  // the spec's "embed thumbnails" starts upstream's old name for the same work (cover and tags together)
  jobs.register('resync_thumbs', resyncMetadataJob(embedder));
  return {
    archivePaths: paths,
    ffmpeg,
    videoIndex,
    artwork,
    archiver,
    space,
    /** set while a full disk keeps start-up recovery from finishing (serve.command.ts) */
    readOnly: new ReadOnlyState(),
    manualImport,
    taskRecords,
    jobs,
    tasks: new TaskService(taskRows, jobs),
  };
}

/**
 * The embedded queue, or with REDIS_URL the BullMQ queue (DESIGN §2): this process then only enqueues,
 * unless it also starts workers on it (`tubekeeper worker`, or `serve` with TK_WORKERS).
 */
function createJobQueue(config: AppConfigEnv, records: TaskRecordService): JobQueue {
  if (!config.redisUrl) return new EmbeddedJobQueue(records, pino({ level: config.logLevel, name: 'tasks' }));
  const target = { url: config.redisUrl, prefix: config.redisPrefix };
  const registry = new WorkerRegistry(redisClient(target), target.prefix, config.stallTimeoutMs);
  return new BullJobQueue(records, target, registry);
}
