import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegRepository } from '../src/repositories/ffmpeg.repository.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { filesBelow, queueFakeVideo, startAssetServer, waitFor } from './helpers/acquisition.ts';

let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  assets = await startAssetServer();
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
});
afterAll(() => assets.close());

/**
 * Issue 18 point 8: item and notification messages show paths relative to the media or cache folder and
 * none of ffmpeg's object addresses; the server's absolute layout stays in the log.
 */
describe.each(ENGINES)('paths in item and task messages on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const api = async (method: 'GET' | 'POST', url: string) =>
    (await staff.request({ method, url, headers: { 'content-type': 'application/json' } })).json();
  const finished = (id: string) =>
    waitFor(async () => {
      const task = await api('GET', `/api/task/by-id/${id}/`);
      return task.date_done
        ? (task as { status: string; result: string | null; traceback: string | null })
        : undefined;
    }, 30_000);

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0 } });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('shows a failed download with its path relative to the media folder', async () => {
    const { mediaDir } = t.container.config;
    // the channel's folder cannot be made: a file has its name
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(path.join(mediaDir, FAKE.alpha.id), 'not a folder');
    await queueFakeVideo(t.database.db, FAKE.video);
    const { task_id: taskId } = await api('POST', '/api/task/by-name/download_pending/');
    const task = await finished(taskId);
    expect(task.result).toContain(
      `${FAKE.video}: EEXIST: file already exists, mkdir 'media/${FAKE.alpha.id}'`,
    );
    expect(task.result).not.toContain(mediaDir);
    // the item stays queued with that message, as the Downloads page shows it, and nothing is archived:
    // the folder was made after the commit before, so the video was listed while its file stayed in staging
    const queue = (await api('GET', '/api/download/?filter=pending')) as {
      data: { youtube_id: string; message: string | null }[];
    };
    const item = queue.data.find((i) => i.youtube_id === FAKE.video);
    expect(item?.message).toContain(`mkdir 'media/${FAKE.alpha.id}'`);
    expect(item?.message).not.toContain(mediaDir);
    expect((await staff.request({ method: 'GET', url: `/api/video/${FAKE.video}/` })).statusCode).toBe(404);
    expect(filesBelow(path.join(t.container.config.cacheDir, 'download'))).toEqual([]);
    fs.rmSync(path.join(mediaDir, FAKE.alpha.id));
  }, 60_000);

  it("shows a failed task's ffmpeg error relative to the cache folder, without object addresses", async () => {
    const { cacheDir } = t.container.config;
    const broken = path.join(cacheDir, 'import', 'broken.mp4');
    fs.mkdirSync(path.dirname(broken), { recursive: true });
    // an mp4 header and then nothing: ffmpeg names its demuxer with an address
    fs.writeFileSync(
      broken,
      Buffer.concat([Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0isomiso2avc1mp41'), Buffer.alloc(64)]),
    );
    t.container.jobs.register('check_reindex', async () => {
      await new FfmpegRepository(t.container.config).toJpeg(broken, path.join(cacheDir, 'out.jpg'));
      return 'converted';
    });
    const taskId = await t.container.jobs.enqueue('check_reindex', {});
    const task = await finished(taskId);
    expect(task.status).toBe('FAILURE');
    expect(task.traceback).toContain('cache/import/broken.mp4');
    expect(task.traceback).not.toContain(cacheDir);
    expect(task.traceback).not.toMatch(/ @ 0x[0-9a-f]+/);
  }, 60_000);
});
