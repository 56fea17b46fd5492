import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@tubekeeper/contract';
import { breakableYtdlp, FAKE, isAlive, readFakeLog } from './helpers/fake-ytdlp.ts';
import { makeVideo } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { filesBelow, queueFakeVideo, startAssetServer, waitFor } from './helpers/acquisition.ts';

/**
 * A download run while the installed yt-dlp is broken in the ways it breaks in the field: not there, not
 * executable, crashing, too old for our options, hanging, printing what is not JSON. The fake provider
 * plays each as the real program prints it (fixtures/fake-yt-dlp/fake-breakage.mjs). What a user must see:
 * every item still queued and without an error (nothing lost, nothing to retry by hand), nothing in the
 * archive marked inactive, the task ended with a message that says what is wrong, and the next run
 * downloading everything once yt-dlp works. A provider refusing one video (the bot check, HTTP 429) slows
 * the run down instead, says why, and the run goes on.
 */
const QUEUED = ['alphaVid001', 'alphaVid002'];
/** Already in the archive, of the same channel: no failure of a run may mark it inactive. */
const ARCHIVED = 'alphaVid005';

/** The provider refusing one video, as yt-dlp prints it. */
const REFUSALS: [string, string, RegExp][] = [
  [
    'a bot check',
    'Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. Also see  https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  for tips on effectively exporting YouTube cookies',
    /not a bot.* \[Bot check \/ sign-in required: Import a cookie/,
  ],
  [
    'HTTP 429',
    'Unable to download API page: HTTP Error 429: Too Many Requests (caused by <HTTPError 429: Too Many Requests>)',
    /HTTP Error 429: Too Many Requests.* \[Throttled by the provider: The provider limits requests/,
  ],
];

let dir: string;
let ytdlp: string;
let installYtdlp: (mode: string) => void;
let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  assets = await startAssetServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-broken-download-'));
  const installed = breakableYtdlp(dir);
  ytdlp = installed.executable;
  installYtdlp = installed.install;
  // the fake provider is a child process: it reads these from the environment it inherits
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
  process.env.FAKE_YTDLP_BROKEN = installed.modeFile;
  process.env.FAKE_YTDLP_DELAY_MS = '40';
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_BROKEN;
  await assets.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(ENGINES)('download_pending while yt-dlp is broken, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;
  const queue = () =>
    db()
      .selectFrom('download_queue')
      .select(['youtube_id', 'status', 'message'])
      .orderBy('youtube_id')
      .execute();
  const archived = async () =>
    (await db().selectFrom('videos').select(['youtube_id', 'active']).orderBy('youtube_id').execute()).map(
      (v) => `${v.youtube_id}:${v.active}`,
    );

  async function runDownloads() {
    const res = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    expect(res.statusCode).toBe(200);
    await t.container.jobs.idle();
    return (await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })).json();
  }

  /** An app whose yt-dlp calls count as hung after `timeoutS` of silence, with the archived video. */
  async function setUp(timeoutS: string) {
    installYtdlp('works');
    t = await createTestApp(
      engine,
      { YTDLP_PATH: ytdlp, TK_YTDLP_TIMEOUT_S: timeoutS },
      { downloadBackoff: { initialMs: 40, maxMs: 80, attemptsPerItem: 2 } },
    );
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0, subtitle: null } });
    await makeVideo(db(), { youtube_id: ARCHIVED, channel_id: FAKE.alpha.id });
  }
  // Only the hang case waits for the timeout. Every other case needs the fake to answer before it: on a
  // loaded CI machine a node-based fake took over 2 s to start, and its call was taken for a hung one.
  beforeAll(() => setUp('60'));
  // each case starts from the same queue, so one that fails does not decide the next
  beforeEach(async () => {
    await db().deleteFrom('download_queue').execute();
    for (const id of QUEUED) await queueFakeVideo(db(), id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  /** A run with yt-dlp broken in `mode`: it ends saying `why`, with nothing lost and nothing half-done. */
  async function expectRunEnded(mode: string, why: RegExp) {
    installYtdlp(mode);
    const task = await runDownloads();
    expect(task.status).toBe('FAILURE');
    expect(task.traceback).toMatch(why);
    expect(await queue()).toEqual(
      QUEUED.map((youtube_id) => ({ youtube_id, status: 'pending', message: null })),
    );
    expect(await archived()).toEqual([`${ARCHIVED}:1`]);
    expect(filesBelow(t.container.config.mediaDir)).toEqual([]);
    expect(filesBelow(path.join(t.container.config.cacheDir, 'download'))).toEqual([]);
    // the Downloads page's notification says so
    const shown = await staff.request({ method: 'GET', url: '/api/notification/?filter=download' });
    expect((shown.json() as Notification[]).find((n) => n.id === task.task_id)).toMatchObject({
      level: 'error',
      messages: [`Task failed: ${task.traceback}`],
    });
  }

  it.each([
    ['missing', /^yt-dlp not found: install it or set YTDLP_PATH$/],
    ['no-exec', /^yt-dlp at .* is not executable: install it or set YTDLP_PATH$/],
    ['crash', /ModuleNotFoundError: No module named 'yt_dlp'.*the queue is kept/],
    ['silent', /^yt-dlp failed on alphaVid001 \(yt-dlp exited with code 1\); the queue is kept/],
    ['usage', /yt-dlp: error: no such option: --.*the queue is kept/],
  ])('yt-dlp %s: the run ends saying why, every item stays queued without an error', expectRunEnded);

  describe('with a download printing nothing for 2 s counted as hung', () => {
    // the outer beforeEach fills this app's queue: it reads `t`, swapped here
    let kept: { t: TestApp; staff: Client };
    beforeAll(async () => {
      kept = { t, staff };
      await setUp('2');
    });
    afterAll(async () => {
      await t.container.jobs.close();
      await t.close();
      ({ t, staff } = kept);
    });

    it('yt-dlp hang: the run ends saying why, every item stays queued without an error', () =>
      expectRunEnded(
        'hang',
        /yt-dlp printed nothing for 2 s while downloading alphaVid001 and was stopped.*the queue is kept/,
      ));
  });

  // a download's own run writes the video's metadata (--write-info-json); a -J call is left for comments
  it.each([
    ['not-json', /yt-dlp printed no JSON for .*alphaVid001.*wrapper 1\.2.*the queue is kept/],
    ['null', /yt-dlp printed no JSON for .*alphaVid001.*the queue is kept/],
    ['truncated', /yt-dlp was killed \(SIGKILL\).*the queue is kept/],
    ['garbage', /yt-dlp printed output that is not JSON: \{"id":"alphaVid001".*the queue is kept/],
  ])(
    'yt-dlp %s on metadata calls, comments wanted: the run ends saying why, every item stays queued',
    async (mode, why) => {
      await t.container.appConfig.update({ downloads: { comment_max: 'all' } });
      try {
        await expectRunEnded(mode, why);
      } finally {
        await t.container.appConfig.update({ downloads: { comment_max: null } });
      }
    },
  );

  it('downloads every queued item on the next run once yt-dlp works again', async () => {
    installYtdlp('works');
    const task = await runDownloads();
    expect(task).toMatchObject({ status: 'SUCCESS', result: 'downloaded 2 video(s).' });
    expect(await queue()).toEqual([]);
    expect(await archived()).toEqual([...QUEUED, ARCHIVED].map((id) => `${id}:1`));
  });

  it.each(REFUSALS)(
    '%s on one video: the run backs off, leaves it queued without an error saying why, downloads the next',
    async (_, refusal, why) => {
      installYtdlp('works');
      const failures = path.join(dir, `failures-${engine}.json`);
      fs.writeFileSync(failures, JSON.stringify({ bravoVid001: `[youtube] bravoVid001: ${refusal}` }));
      process.env.FAKE_YTDLP_FAILURES = failures;
      try {
        await db().deleteFrom('download_queue').execute();
        await queueFakeVideo(db(), 'bravoVid001');
        await queueFakeVideo(db(), 'bravoVid002');
        const task = await runDownloads();
        expect(task.status).toBe('SUCCESS');
        expect(task.result).toMatch(
          /^downloaded 1 video\(s\)\. 1 left queued after the provider refused: bravoVid001: /,
        );
        expect(task.result).toMatch(why);
        expect(await queue()).toEqual([{ youtube_id: 'bravoVid001', status: 'pending', message: null }]);
        expect(await archived()).toContain('bravoVid002:1');
        expect((await archived()).filter((v) => v.endsWith(':0'))).toEqual([]);
      } finally {
        delete process.env.FAKE_YTDLP_FAILURES;
        await db().deleteFrom('videos').where('youtube_id', 'in', ['bravoVid002']).execute();
      }
    },
  );

  it('yt-dlp printing no JSON on metadata calls, comments not wanted: the downloads archive all the same', async () => {
    await db().deleteFrom('videos').where('youtube_id', 'in', QUEUED).execute();
    installYtdlp('garbage');
    const task = await runDownloads();
    expect(task).toMatchObject({ status: 'SUCCESS', result: 'downloaded 2 video(s).' });
    expect(await queue()).toEqual([]);
    expect(await archived()).toEqual([...QUEUED, ARCHIVED].map((id) => `${id}:1`));
  });
});

describe.each(ENGINES)('a hung download stopped by the user, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let log: string;

  beforeAll(async () => {
    installYtdlp('hang');
    log = path.join(dir, `hang-${engine}.log`);
    process.env.FAKE_YTDLP_LOG = log;
    t = await createTestApp(engine, { YTDLP_PATH: ytdlp, TK_YTDLP_TIMEOUT_S: '600' });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0 } });
  });
  afterAll(async () => {
    delete process.env.FAKE_YTDLP_LOG;
    await t.container.jobs.close();
    await t.close();
  });
  beforeEach(() => installYtdlp('hang'));

  it('ends the run, ends yt-dlp, and keeps the item queued', async () => {
    await queueFakeVideo(t.database.db, 'bravoVid001');
    const start = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    const taskId = start.json().task_id as string;
    const hung = await waitFor(async () => readFakeLog(log).at(-1), 15_000, 'yt-dlp to start');
    const shown = await staff.request({ method: 'GET', url: '/api/notification/' });
    // the notification shows the item being downloaded, with the stop button
    const notification = (shown.json() as Notification[]).find((n) => n.id === taskId);
    expect(notification?.messages[0]).toMatch(/^Processing Video: /);
    expect(notification?.api_stop).toBe(true);
    const stop = await staff.request({
      method: 'POST',
      url: `/api/task/by-id/${taskId}/`,
      payload: { command: 'stop' },
    });
    expect(stop.statusCode).toBe(204);
    await t.container.jobs.idle();

    const task = (await staff.request({ method: 'GET', url: `/api/task/by-id/${taskId}/` })).json();
    expect(task.status).toBe('REVOKED');
    expect(isAlive(hung.pid)).toBe(false);
    const queue = await t.database.db
      .selectFrom('download_queue')
      .select(['youtube_id', 'message', 'claimed_by'])
      .execute();
    expect(queue).toEqual([{ youtube_id: 'bravoVid001', message: null, claimed_by: null }]);
  });
});
