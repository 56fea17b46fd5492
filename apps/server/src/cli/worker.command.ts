import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { downloadDir, type AppConfigEnv } from '../config.ts';
import { createContainer, type Container } from '../container.ts';
import { openMigratedDatabase } from '../db/database.ts';
import { BullJobQueue } from '../jobs/bullmq-job-queue.ts';
import { BullTaskWorker } from '../jobs/bullmq-worker.ts';
import { endLeftovers, recordChildrenIn } from '../repositories/child-registry.ts';

/** Tasks a worker runs at once unless --concurrency says otherwise (each download share has its own slot). */
const DEFAULT_TASKS = 4;

/**
 * `tubekeeper worker [--name N] [--concurrency N]`: consumes the BullMQ jobs of a scale-out deployment
 * (REDIS_URL) until SIGTERM. Any number of them may run on any host sharing the database, Redis and the
 * media and cache volumes.
 */
export async function runWorkerCommand(config: AppConfigEnv, args: string[]): Promise<number | undefined> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, concurrency: { type: 'string' } },
  });
  if (!config.redisUrl) {
    console.error('tubekeeper worker needs REDIS_URL (the queue it takes jobs from); see docs/OPERATIONS.md');
    return 2;
  }
  const concurrency = Number(values.concurrency ?? DEFAULT_TASKS);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error('--concurrency expects a whole number from 1 to 64');
    return 2;
  }
  const id = values.name ?? `${os.hostname()}-${process.pid}`;
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(id)) {
    console.error('--name expects 1-100 letters, digits, dots, dashes or underscores');
    return 2;
  }
  const log = pino({ level: config.logLevel, name: 'worker' });
  // yt-dlp groups this worker's previous life left running when it was killed (SIGKILL runs no exit
  // hook) would go on writing into its staging folder: end them before that folder is cleaned
  const childrenDir = path.join(config.dataDir, 'children', `worker-${id}`);
  const leftovers = await endLeftovers(childrenDir);
  recordChildrenIn(childrenDir);
  if (leftovers.length)
    log.warn(`ended ${leftovers.length} downloader process(es) left by this worker's killed predecessor`);
  const worker = await startTaskWorker(config, { id, concurrency });
  log.info(`worker ${id} takes tasks from ${config.redisUrl} (${concurrency} at once)`);
  const shutdown = async (signal: string) => {
    log.info(`${signal}: worker ${id} stops taking jobs and hands its downloads back`);
    await worker.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  return undefined;
}

/**
 * A task worker in this process (the worker command, or `serve` with TK_WORKERS). Its downloads stage in
 * a folder of its own under `<cache>/download/`, whose leftovers from a previous life it clears first.
 */
export async function startTaskWorker(
  baseConfig: AppConfigEnv,
  options: { id: string; concurrency: number; container?: Container },
): Promise<{ stop(): Promise<void> }> {
  const config = {
    ...baseConfig,
    downloadDir: path.join(downloadDir({ ...baseConfig, downloadDir: undefined }), `worker-${options.id}`),
  };
  for (const dir of [config.dataDir, config.mediaDir, config.cacheDir, config.downloadDir])
    fs.mkdirSync(dir, { recursive: true });
  const database = options.container ? undefined : await openMigratedDatabase(config);
  const container = createContainer(config, options.container?.database ?? database!);
  const queue = container.jobs;
  if (!(queue instanceof BullJobQueue)) throw new Error('a task worker needs REDIS_URL');
  await container.downloads.clearAfterRestart({ releaseClaims: false });
  const log = pino({ level: config.logLevel, name: `worker ${options.id}` });
  const worker = new BullTaskWorker(queue, {
    id: options.id,
    concurrency: options.concurrency,
    stallTimeoutMs: config.stallTimeoutMs,
    log,
  });
  await worker.start();
  return {
    stop: async () => {
      await worker.stop();
      await queue.close();
      // the notifications of the runs it finished are sent before the process ends
      await container.taskNotify.idle();
      await database?.close();
    },
  };
}
