import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, isAlive, readFakeLog } from './helpers/fake-ytdlp.ts';
import { filesBelow, startAssetServer, waitFor } from './helpers/acquisition.ts';
import { ServerHarness } from './helpers/server-process.ts';

/**
 * Issue 18 point 5: a server killed with SIGKILL runs no exit hook, and the yt-dlp it started (its own
 * process group) goes on downloading. The next server ends it at start-up, before it cleans the download
 * folder and starts runs, so no leftover writes into a new run's files.
 */
describe('a yt-dlp left running by a killed server', () => {
  let dataDir: string;
  let log: string;
  let assets: Awaited<ReturnType<typeof startAssetServer>>;
  let harness: ServerHarness;
  let leftover: number | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-leftover-'));
    log = path.join(dataDir, 'fake-yt-dlp.log');
    assets = await startAssetServer();
    harness = new ServerHarness(dataDir, 'sqlite', {
      FAKE_YTDLP_ASSET_URL: assets.url,
      FAKE_YTDLP_LOG: log,
      FAKE_YTDLP_DELAY_MS: '10000',
      // the download runs a child as yt-dlp runs ffmpeg; it outlives a yt-dlp whose output pipe broke
      FAKE_YTDLP_HELPER: '1',
    });
    await harness.start();
    await harness.api('POST', '/api/appsettings/config/', { downloads: { sleep_interval: 0 } });
  }, 60_000);
  afterAll(async () => {
    if (leftover && isAlive(leftover)) process.kill(leftover, 'SIGKILL');
    await harness.stop();
    await assets.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is ended when the server starts again, and the item downloads cleanly', async () => {
    await harness.api('POST', '/api/download/', { data: [{ youtube_id: FAKE.video, status: 'pending' }] });
    await waitFor(async () => (await harness.queued()).size === 1, 15_000, 'the queued item');
    await harness.api('POST', '/api/task/by-name/download_pending/', {});
    leftover = await waitFor(
      async () => readFakeLog(log).find((run) => run.argv?.includes('--newline'))?.helper,
      15_000,
      'the download to start',
    );
    // only the server dies: its yt-dlp keeps running, as after `kill -9` of the server
    await harness.server!.kill();
    expect(isAlive(leftover)).toBe(true);

    harness.env.FAKE_YTDLP_DELAY_MS = '40';
    harness.env.FAKE_YTDLP_HELPER = '';
    await harness.start();
    expect(isAlive(leftover)).toBe(false);
    const again = await harness.api<{ task_id: string }>('POST', '/api/task/by-name/download_pending/', {});
    const done = await waitFor(
      async () => {
        const task = await harness.api<{ status: string; result: string }>(
          'GET',
          `/api/task/by-id/${again.task_id}/`,
        );
        return ['SUCCESS', 'FAILURE'].includes(task.status) ? task : undefined;
      },
      60_000,
      'the second run',
    );
    expect(done).toMatchObject({ status: 'SUCCESS', result: 'downloaded 1 video(s).' });
    expect(filesBelow(path.join(dataDir, 'media'))).toEqual([`${FAKE.alpha.id}/${FAKE.video}.mp4`]);
  }, 120_000);
});
