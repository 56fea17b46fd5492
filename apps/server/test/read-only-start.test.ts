import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, readFakeLog } from './helpers/fake-ytdlp.ts';
import { filesBelow, startAssetServer, waitFor } from './helpers/acquisition.ts';
import { ServerHarness } from './helpers/server-process.ts';
import { mountSmallDisk, type SmallDisk } from './helpers/small-disk.ts';

const mounted = mountSmallDisk(32);
if (typeof mounted === 'string') console.log(`read-only-start: skipped, ${mounted}`);

/**
 * Issue 18 point 2: a server killed mid-download whose disk is full by the time it starts again. Its
 * start-up recovery (mark the run failed, clean the staging, free the claims) cannot write; the server
 * used to exit ("database or disk is full"), so the archive could not even be browsed. Now it comes up
 * read-only and says why, and finishes recovery by itself once there is room. SQLite only: its file is on
 * the full disk (PostgreSQL's disk is its own server's).
 */
describe.skipIf(typeof mounted === 'string')('a server starting on a full disk (sqlite)', () => {
  const disk = mounted as SmallDisk;
  const log = path.join(disk.dir, '..', `${path.basename(disk.dir)}-fake.log`);
  let assets: Awaited<ReturnType<typeof startAssetServer>>;
  let harness: ServerHarness;

  beforeAll(async () => {
    assets = await startAssetServer();
    harness = new ServerHarness(disk.dir, 'sqlite', {
      FAKE_YTDLP_ASSET_URL: assets.url,
      FAKE_YTDLP_LOG: log,
      FAKE_YTDLP_DELAY_MS: '10000',
    });
    await harness.start();
    await harness.api('POST', '/api/appsettings/config/', { downloads: { sleep_interval: 0 } });
  }, 60_000);
  afterAll(async () => {
    await harness.stop();
    await assets.close();
    disk.unmount();
    fs.rmSync(log, { force: true });
  });

  it('comes up read-only with the reason, serves reads, refuses writes, and recovers once there is room', async () => {
    await harness.api('POST', '/api/download/', { data: [{ youtube_id: FAKE.video, status: 'pending' }] });
    await waitFor(async () => (await harness.queued()).size === 1, 15_000, 'the queued item');
    const { task_id: taskId } = await harness.api<{ task_id: string }>(
      'POST',
      '/api/task/by-name/download_pending/',
      {},
    );
    const download = await waitFor(
      async () => readFakeLog(log).find((run) => run.argv?.includes('--newline')),
      15_000,
      'the download to start',
    );
    await harness.server!.kill();
    process.kill(-download.pid, 'SIGKILL');
    disk.fill(0);

    await harness.start();
    const health = await harness.call<{ error: string }>('GET', '/api/health/');
    expect(health.status).toBe(503);
    expect(health.body.error).toMatch(
      /^the server is read-only: start-up recovery cannot finish, the disk is full \(database or disk is full\); free some space, the server tries again every 5 s$/,
    );
    const details = await harness.api<{ status: string; read_only: { reason: string } | null }>(
      'GET',
      '/api/health/?details=true',
    );
    expect(details.status).toBe('READ_ONLY');
    expect(details.read_only?.reason).toMatch(/^start-up recovery cannot finish/);
    // reads: the queue and the run that was cut short
    expect([...(await harness.queued()).keys()]).toEqual([FAKE.video]);
    expect((await harness.call('GET', `/api/task/by-id/${taskId}/`)).status).toBe(200);
    // writes: refused with the reason, not failed half-way
    const add = await harness.call<{ error: string }>('POST', '/api/download/', {
      data: [{ youtube_id: 'alphaVid002', status: 'pending' }],
    });
    expect([add.status, add.body.error]).toEqual([503, health.body.error]);

    disk.free();
    await waitFor(
      async () => (await harness.call('GET', '/api/health/')).status === 200,
      20_000,
      'recovery to finish',
    );
    const task = await harness.api<{ status: string }>('GET', `/api/task/by-id/${taskId}/`);
    expect(task.status).toBe('FAILURE');
    expect([...(await harness.queued()).keys()]).toEqual([FAKE.video]);
    expect(filesBelow(path.join(disk.dir, 'cache', 'download'))).toEqual([]);
    expect(filesBelow(path.join(disk.dir, 'media'))).toEqual([]);
    const again = await harness.call('POST', '/api/download/', {
      data: [{ youtube_id: 'alphaVid002', status: 'pending' }],
    });
    expect(again.status).toBe(200);
  }, 120_000);
});
