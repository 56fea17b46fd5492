import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@tubekeeper/contract';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog } from './helpers/fake-ytdlp.ts';
import { startIntegrationStandIns, type StandIns } from './helpers/integration-stand-ins.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { fakeTitle, filesBelow, queueFakeVideo, startAssetServer, waitFor } from './helpers/acquisition.ts';

const ALPHA = FAKE.alpha.id;

let assets: Awaited<ReturnType<typeof startAssetServer>>;
let standIns: StandIns;
let logDir: string;
beforeAll(async () => {
  assets = await startAssetServer();
  standIns = await startIntegrationStandIns();
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-fake-log-'));
  // the fake provider is a child process: it reads these from the environment it inherits
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
});
afterAll(async () => {
  await assets.close();
  await standIns.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe.each(ENGINES)('download_pending on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let mediaDir: string;
  let cacheDir: string;
  const db = () => t.database.db;
  const post = (url: string, payload?: object) =>
    staff.request({ method: 'POST', url, ...(payload && { payload }) });
  const queued = () => db().selectFrom('download_queue').selectAll().orderBy('timestamp').execute();
  const start = async () => {
    const res = await post('/api/task/by-name/download_pending/');
    expect(res.statusCode).toBe(200);
    return res.json().task_id as string;
  };
  const result = async (id: string) =>
    (await staff.request({ method: 'GET', url: `/api/task/by-id/${id}/` })).json();
  /** Notifications seen until the task ends, polled like the web app does. */
  const watch = async (taskId: string) => {
    const seen: Notification[] = [];
    await waitFor(async () => {
      const list = (
        await staff.request({ method: 'GET', url: '/api/notification/' })
      ).json() as Notification[];
      seen.push(...list.filter((n) => n.id === taskId));
      return (await result(taskId)).date_done !== null;
    });
    return seen;
  };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        YTDLP_PATH: FAKE_YTDLP_PATH,
        TK_SPONSORBLOCK_URL: standIns.sponsorblockUrl,
        TK_RYD_URL: standIns.rydUrl,
      },
      { downloadBackoff: { initialMs: 40, maxMs: 120, attemptsPerItem: 3 } },
    );
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    mediaDir = t.container.config.mediaDir;
    cacheDir = t.container.config.cacheDir;
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });
  beforeEach(async () => {
    process.env.FAKE_YTDLP_DELAY_MS = '40';
    await t.container.appConfig.update({
      downloads: {
        sleep_interval: 0,
        subtitle: 'en,de',
        subtitle_index: true,
        comment_max: 'all',
        integrate_sponsorblock: true,
        integrate_ryd: true,
        concurrency: 1,
        autodelete_days: null,
      },
    });
  });

  it('downloads a queued video into the media tree with its rows, subtitles, thumbnail and comments', async () => {
    process.env.FAKE_YTDLP_DELAY_MS = '150';
    await queueFakeVideo(db(), FAKE.video);
    const taskId = await start();
    const seen = await watch(taskId);

    expect(await result(taskId)).toMatchObject({ status: 'SUCCESS', result: 'downloaded 1 video(s).' });
    const title = fakeTitle(FAKE.video);
    const progress = seen.find((n) => /% of .* at .* - time left: /.test(n.messages[1] ?? ''));
    expect(progress?.messages[0]).toBe(`Processing Video: ${title}`);
    expect(progress?.progress).toBeGreaterThan(0);
    expect(progress?.api_stop).toBe(true);

    expect(filesBelow(mediaDir)).toEqual([
      `${ALPHA}/${FAKE.video}.de.vtt`,
      `${ALPHA}/${FAKE.video}.en.vtt`,
      `${ALPHA}/${FAKE.video}.mp4`,
    ]);
    expect(fs.existsSync(path.join(cacheDir, 'videos', 'a', `${FAKE.video}.jpg`))).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, 'channels', `${ALPHA}_thumb.jpg`))).toBe(true);
    expect(filesBelow(path.join(cacheDir, 'download'))).toEqual([]);
    expect(await queued()).toEqual([]);

    const video = (await staff.request({ method: 'GET', url: `/api/video/${FAKE.video}/` })).json();
    expect(video).toMatchObject({
      youtube_id: FAKE.video,
      title,
      vid_type: 'videos',
      media_url: `/youtube/${ALPHA}/${FAKE.video}.mp4`,
      comment_count: 4,
      channel: { channel_id: ALPHA, channel_name: FAKE.alpha.name },
      stats: { dislike_count: 12 },
    });
    expect(video.sponsorblock.segments.map((s: { UUID: string }) => s.UUID)).toEqual([
      'sb-uuid-intro',
      'sb-uuid-sponsor',
    ]);
    expect(video.subtitles.map((s: { lang: string; source: string }) => [s.lang, s.source]).sort()).toEqual([
      ['de', 'user'],
      ['en', 'user'],
    ]);
    const fragments = await db()
      .selectFrom('subtitle_fragments')
      .selectAll()
      .where('youtube_id', '=', FAKE.video)
      .execute();
    expect(fragments.some((f) => f.lang === 'en' && f.line.includes('Welcome back to the workshop'))).toBe(
      true,
    );
    const vtt = fs.readFileSync(path.join(mediaDir, ALPHA, `${FAKE.video}.en.vtt`), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\nKind: captions\nLanguage: en\n\n1\n00:00:00\.000 --> /);
  });

  it('keeps the message of a failing item and goes on with the next one', async () => {
    await queueFakeVideo(db(), FAKE.failing);
    await queueFakeVideo(db(), 'alphaVid002');
    const taskId = await start();
    await t.container.jobs.idle();

    const task = await result(taskId);
    expect(task.status).toBe('SUCCESS');
    expect(task.result).toMatch(/^downloaded 1 video\(s\)\. 1 failed: failVideo01: .*Video unavailable/);
    expect(await queued()).toEqual([
      expect.objectContaining({
        youtube_id: FAKE.failing,
        status: 'pending',
        message: expect.stringContaining('Video unavailable'),
      }),
    ]);
    expect(fs.existsSync(path.join(mediaDir, ALPHA, 'alphaVid002.mp4'))).toBe(true);

    // a second run skips the item until its message is cleared
    const again = await start();
    await t.container.jobs.idle();
    expect((await result(again)).result).toBe('downloaded 0 video(s).');
    await db().deleteFrom('download_queue').execute();
  });

  it('backs off when the provider asks to slow down, then goes on with the rest', async () => {
    const log = path.join(logDir, `bot-${engine}.log`);
    process.env.FAKE_YTDLP_LOG = log;
    try {
      await queueFakeVideo(db(), FAKE.botCheck);
      await queueFakeVideo(db(), 'alphaVid003');
      const started = Date.now();
      const taskId = await start();
      await t.container.jobs.idle();

      const task = await result(taskId);
      expect(task.result).toMatch(/^downloaded 1 video\(s\)\. 1 left queued after the provider refused/);
      const botRuns = readFakeLog(log).filter((r) => r.argv?.some((a) => a.includes(FAKE.botCheck)));
      expect(botRuns).toHaveLength(3);
      // 40 + 80 + 120 ms of back-off before the next item was taken
      expect(Date.now() - started).toBeGreaterThan(240);
      expect(await queued()).toEqual([
        expect.objectContaining({ youtube_id: FAKE.botCheck, status: 'pending', message: null }),
      ]);
      expect(fs.existsSync(path.join(mediaDir, ALPHA, 'alphaVid003.mp4'))).toBe(true);
    } finally {
      delete process.env.FAKE_YTDLP_LOG;
      await db().deleteFrom('download_queue').execute();
    }
  });

  it('downloads two videos at once with concurrency 2', async () => {
    process.env.FAKE_YTDLP_DELAY_MS = '250';
    await t.container.appConfig.update({ downloads: { concurrency: 2 } });
    await queueFakeVideo(db(), 'bravoVid001');
    await queueFakeVideo(db(), 'bravoVid002');
    const taskId = await start();
    const seen = await watch(taskId);

    expect((await result(taskId)).result).toBe('downloaded 2 video(s).');
    const both = seen.find((n) => n.messages.filter((m) => m.startsWith('Processing Video: ')).length === 2);
    expect(both?.messages).toEqual([
      `Processing Video: ${fakeTitle('bravoVid001')}`,
      expect.any(String),
      `Processing Video: ${fakeTitle('bravoVid002')}`,
      expect.any(String),
    ]);
    expect(filesBelow(path.join(mediaDir, FAKE.bravo.id)).filter((f) => f.endsWith('.mp4'))).toEqual([
      'bravoVid001.mp4',
      'bravoVid002.mp4',
    ]);
  });

  it('is not started twice, and a stop leaves the current item queued', async () => {
    process.env.FAKE_YTDLP_DELAY_MS = '400';
    await queueFakeVideo(db(), 'alphaVid004', { auto_start: 1 });
    const taskId = await start();
    const second = await post('/api/task/by-name/download_pending/');
    expect(second.json()).toMatchObject({ task_id: taskId, message: 'Download Queue is already running' });

    await waitFor(async () => {
      const list = (
        await staff.request({ method: 'GET', url: '/api/notification/' })
      ).json() as Notification[];
      return list.some((n) => n.id === taskId && /% of /.test(n.messages[1] ?? ''));
    });
    expect((await post(`/api/task/by-id/${taskId}/`, { command: 'stop' })).statusCode).toBe(204);
    await t.container.jobs.idle();

    expect((await result(taskId)).status).toBe('REVOKED');
    expect(await queued()).toEqual([
      expect.objectContaining({ youtube_id: 'alphaVid004', status: 'pending', message: null, auto_start: 0 }),
    ]);
    expect(fs.existsSync(path.join(mediaDir, ALPHA, 'alphaVid004.mp4'))).toBe(false);
    await db().deleteFrom('download_queue').execute();
  });
});
