import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endLeftovers, recordChildrenIn } from '../repositories/child-registry.ts';
import { buildApp } from '../app.ts';
import type { AppConfigEnv } from '../config.ts';
import { createContainer } from '../container.ts';
import { openMigratedDatabase, sqliteFile } from '../db/database.ts';
import { SqliteVideoWriter } from '../db/sqlite-video-writer.ts';
import { WalCheckpointDuty } from '../db/wal-checkpoint-duty.ts';
import { ensureInitialAdmin } from '../services/bootstrap.service.ts';
import { SearchIndexTidying } from '../services/search-index-tidying.ts';
import { StartupRecovery, type RecoveryStep } from '../services/startup-recovery.ts';
import { startTaskWorker } from './worker.command.ts';

const HOUR_MS = 60 * 60 * 1000;

export async function serve(config: AppConfigEnv): Promise<void> {
  for (const dir of [config.dataDir, config.mediaDir, config.cacheDir])
    fs.mkdirSync(dir, { recursive: true });
  // yt-dlp groups a killed server left running would write into this run's files: end them first
  const childrenDir = path.join(config.dataDir, 'children');
  const leftovers = await endLeftovers(childrenDir);
  recordChildrenIn(childrenDir);
  const database = await openMigratedDatabase(config);
  // SQLite's WAL is copied into the database file by a thread (the video writer's while it runs), not
  // inside a commit on this one; it starts once recovery has finished
  const walCheckpoints =
    database.engine === 'sqlite'
      ? new WalCheckpointDuty({
          db: database.db,
          file: sqliteFile(config),
          warn: (err, message) => app.log.warn({ err }, message),
        })
      : undefined;
  const videoWriter = walCheckpoints && new SqliteVideoWriter(sqliteFile(config), undefined, walCheckpoints);
  const container = createContainer(config, database, {
    videoWriter,
    ...(database.engine === 'sqlite' && {
      searchThreads: {
        file: sqliteFile(config),
        count: config.searchThreads,
        mmapBytes: config.searchMmapBytes,
      },
    }),
  });
  const app = await buildApp(container, {
    level: config.logLevel,
    ...(process.stdout.isTTY && { transport: { target: 'pino-pretty' } }),
  });

  if (leftovers.length)
    app.log.warn(`ended ${leftovers.length} downloader process(es) left by a server that was killed`);
  const admin = await ensureInitialAdmin(
    container.repositories.users,
    container.userAdmin,
    config.adminUsername,
    config.adminPassword,
  );
  if (admin?.generatedPassword) {
    app.log.warn(`Created the first user "${admin.username}" with password: ${admin.generatedPassword}`);
    app.log.warn(
      'This password is shown once. Change it on Settings > User Management or with `tubekeeper user passwd`.',
    );
  } else if (admin) {
    app.log.info(`Created the first user "${admin.username}" from TK_ADMIN_USERNAME/TK_ADMIN_PASSWORD`);
  }

  // what must finish before this process writes; a full disk leaves the server read-only until it does
  const recovery = new StartupRecovery(
    [
      // embedded mode: this process owns every task run, so runs left live were cut short by a crash
      ...(config.redisUrl ? [] : embeddedRecovery(container, app.log)),
      {
        name: 'install defaults',
        run: async () => {
          const created = await container.schedules.createInstallDefaults();
          if (created.length) app.log.info(`scheduled on first install: ${created.join(', ')}`);
        },
      },
    ],
    container.readOnly,
    { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
  );
  const tidying = new SearchIndexTidying(container.searchIndex, (error) =>
    app.log.warn({ err: error }, 'search index not tidied'),
  );
  await recovery.start(() => {
    void walCheckpoints?.start();
    container.scheduler.start();
    tidying.start();
    // daily snapshots at 12:00 (TZ), and one now when the newest is older than a day (upstream §4.5)
    container.snapshots.startDaily((error) => app.log.warn({ err: error }, 'snapshot not started'));
    // with TK_PUBLIC_URL: push leases are kept even when check_feeds is not scheduled
    container.websub.keepLeases((error) => app.log.warn({ err: error }, 'websub sync failed'));
  });
  // scale-out: the API only enqueues unless TK_WORKERS asks it to take jobs too
  const worker =
    config.redisUrl && config.embeddedWorkers > 0
      ? await startTaskWorker(config, {
          id: `${os.hostname()}-${process.pid}-serve`,
          concurrency: config.embeddedWorkers,
          container,
        })
      : undefined;

  // a failed sweep (a full disk) waits for the next hour
  const sweep = setInterval(
    () => void container.repositories.sessions.deleteExpired(Date.now()).catch(() => undefined),
    HOUR_MS,
  );
  sweep.unref();

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    clearInterval(sweep);
    recovery.stop();
    await container.scheduler.stop();
    container.snapshots.stopDaily();
    container.websub.stopKeepingLeases();
    await worker?.stop();
    await container.jobs.close();
    await container.taskNotify.idle();
    await app.close();
    await tidying.stop();
    await container.searchIndex.close?.();
    await walCheckpoints?.stop();
    await videoWriter?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.listen });
  app.log.info(
    `Tubekeeper ${database.engine === 'sqlite' ? 'on SQLite' : 'on PostgreSQL'} at http://localhost:${config.port}`,
  );
}

/** Embedded mode's start-up steps, in order; each may run again after a full disk stopped it. */
function embeddedRecovery(
  container: ReturnType<typeof createContainer>,
  log: { info(m: string): void; warn(m: string): void },
): RecoveryStep[] {
  return [
    {
      name: 'interrupted tasks',
      run: async () => {
        const abandoned = await container.taskRecords.failAbandoned();
        if (abandoned)
          log.warn(`${abandoned} task(s) were interrupted by the last shutdown and are marked failed`);
      },
    },
    {
      name: 'staged imports',
      run: async () => {
        const recovered = await container.manualImport.recover();
        if (recovered.finished.length) log.info(`finished importing ${recovered.finished.join(', ')}`);
      },
    },
    {
      name: 'staged rescans',
      run: async () => {
        const rescanned = await container.filesystemRescan.recover();
        if (rescanned.finished.length) log.info(`finished indexing ${rescanned.finished.join(', ')}`);
      },
    },
    // partial downloads never reach the media tree; their items are still queued and download again
    { name: 'staged downloads', run: () => container.downloads.clearAfterRestart() },
    {
      name: 'queue adds',
      run: async () => {
        // lines of queue adds that were accepted but not resolved when the process died
        const resumed = await container.downloadQueue.resumeAdditions();
        if (resumed) log.warn(`${resumed} line(s) of an interrupted queue add are being added again`);
      },
    },
  ];
}
