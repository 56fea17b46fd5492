import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@tubekeeper/contract';
import { makeChannel, makePlaylist } from './factories.ts';
import { startAssetServer } from './helpers/acquisition.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { breakableYtdlp, FAKE } from './helpers/fake-ytdlp.ts';
import { startFeedStandIn, type FeedStandIn } from './fixtures/feed-stand-in.ts';

/**
 * Adding to the queue and scanning subscriptions while the installed yt-dlp is broken (issue 17 point 7,
 * issue 18 point 3), as fixtures/fake-yt-dlp/fake-breakage.mjs plays each breakage, or while the network
 * is down. yt-dlp failing says nothing about a line or a channel, so what a user must see: an add ends
 * saying why with its lines kept, and the next add or download run queues them once yt-dlp works; a scan
 * ends saying why with every channel and playlist as it was, and the next scan works. Only the provider's
 * answer about an item (a video that is unavailable) still ends that line, with its message.
 */
const BRAVO_URL = `https://www.youtube.com/channel/${FAKE.bravo.id}`;
/** Bravo's videos and streams: what adding its channel queues. */
const BRAVO_VIDEOS = ['bravoLiv001', 'bravoLiv002', 'bravoVid001', 'bravoVid002', 'bravoVid003'];

/** The breakages, and how the task names each (it names the line or channel it stopped at). */
const BREAKAGES: [string, RegExp][] = [
  ['missing', /^yt-dlp not found: install it or set YTDLP_PATH/],
  ['no-exec', /^yt-dlp at .* is not executable: install it or set YTDLP_PATH/],
  [
    'crash',
    /^yt-dlp failed while \w+ .*ModuleNotFoundError: No module named 'yt_dlp'.*check that yt-dlp runs/,
  ],
  ['silent', /^yt-dlp failed while \w+ .*\(yt-dlp exited with code 1\): check that yt-dlp runs/],
  ['usage', /^yt-dlp failed while \w+ .*yt-dlp: error: no such option: --.*check that yt-dlp runs/],
  ['not-json', /^yt-dlp failed while \w+ .*yt-dlp printed no JSON for .*wrapper 1\.2/],
  ['null', /^yt-dlp failed while \w+ .*yt-dlp printed no JSON for /],
  ['truncated', /^yt-dlp failed while \w+ .*yt-dlp was killed \(SIGKILL\)/],
  ['garbage', /^yt-dlp failed while \w+ .*yt-dlp printed output that is not JSON: \{"id":/],
];

/** A call hung past TK_YTDLP_TIMEOUT_S (2 s here): stopped, and read as the provider out of reach. */
const HANG: [string, RegExp] = ['hang', /yt-dlp gave no answer within 2 s and was stopped/];

/** The provider refusing us, as yt-dlp prints it for one video: the bot check and HTTP 429. */
const REFUSALS: [string, string, RegExp][] = [
  [
    'a bot check',
    'Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. Also see  https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  for tips on effectively exporting YouTube cookies',
    /not a bot.*\[Bot check \/ sign-in required: Import a cookie/,
  ],
  [
    'HTTP 429',
    'Unable to download API page: HTTP Error 429: Too Many Requests (caused by <HTTPError 429: Too Many Requests>)',
    /HTTP Error 429: Too Many Requests.*\[Throttled by the provider: /,
  ],
];

let dir: string;
let ytdlp: ReturnType<typeof breakableYtdlp>;
let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  assets = await startAssetServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-broken-add-'));
  ytdlp = breakableYtdlp(dir);
  // the fake provider is a child process: it reads these from the environment it inherits
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
  process.env.FAKE_YTDLP_BROKEN = ytdlp.modeFile;
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_BROKEN;
  delete process.env.FAKE_YTDLP_FAILURES;
  await assets.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Task {
  task_id: string;
  status: string;
  result: string | null;
  traceback: string | null;
}

/**
 * An app on the breakable fake. Only the hang case waits for TK_YTDLP_TIMEOUT_S, and sets 2 s; every other
 * case needs the fake to answer before it: on a loaded CI machine a node-based fake took over 2 s to start,
 * and its call was taken for a hung one.
 */
async function setUp(engine: (typeof ENGINES)[number], env: Record<string, string> = {}) {
  ytdlp.install('works');
  const t = await createTestApp(engine, { YTDLP_PATH: ytdlp.executable, TK_YTDLP_TIMEOUT_S: '60', ...env });
  const staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
  await t.container.appConfig.update({ downloads: { sleep_interval: 0, subtitle: null } });
  return { t, staff };
}

async function finished(t: TestApp, staff: Client, taskId: string): Promise<Task> {
  await t.container.jobs.idle();
  return (await staff.request({ method: 'GET', url: `/api/task/by-id/${taskId}/` })).json() as Task;
}

describe.each(ENGINES)('adding to the queue while yt-dlp is broken, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;

  async function add(lines: string[]): Promise<Task> {
    const res = await staff.request({
      method: 'POST',
      url: '/api/download/',
      payload: { data: lines.map((youtube_id) => ({ youtube_id, status: 'pending' })) },
    });
    expect(res.statusCode).toBe(200);
    return finished(t, staff, res.json().task_id as string);
  }
  /** The queue as the Downloads page lists it. */
  async function listed(): Promise<string[]> {
    const res = await staff.request({ method: 'GET', url: '/api/download/?filter=pending' });
    return (res.json().data as { youtube_id: string }[]).map((item) => item.youtube_id).sort();
  }
  const kept = async () =>
    (await db().selectFrom('queue_additions').select(['input', 'held_at']).orderBy('input').execute()).map(
      (l) => `${l.input}${l.held_at === null ? '' : ' (held)'}`,
    );
  async function addTasks(): Promise<Task[]> {
    const res = await staff.request({ method: 'GET', url: '/api/task/by-name/extract_download/' });
    return res.json() as Task[];
  }

  beforeAll(async () => {
    ({ t, staff } = await setUp(engine));
  });
  beforeEach(async () => {
    await db().deleteFrom('download_queue').execute();
    await db().deleteFrom('queue_additions').execute();
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  /** An add with yt-dlp broken in `mode`: it ends saying `why`, its lines kept, and the next add queues them. */
  async function expectAddEnded(mode: string, why: RegExp) {
    ytdlp.install(mode);
    const failed = await add([BRAVO_URL, 'alphaVid002']);
    expect(failed.status).toBe('FAILURE');
    expect(failed.traceback).toMatch(why);
    expect(failed.traceback).toMatch(
      /2 lines kept: added again at the next add to the queue or download run/,
    );
    expect(await listed()).toEqual([]);
    expect(await kept()).toEqual(['alphaVid002 (held)', `${BRAVO_URL} (held)`]);

    // yt-dlp mended: the next add resumes the kept lines beside its own; a line the provider answers
    // "unavailable" for still ends with its message
    ytdlp.install('works');
    const earlier = new Set((await addTasks()).map((task) => task.task_id));
    const next = await add(['alphaVid003', FAKE.failing]);
    expect(next.status).toBe('SUCCESS');
    expect(next.result).toMatch(/^Added 1 video to the queue\. Failed 1: failVideo01: .*Video unavailable/);
    const resumed = (await addTasks()).filter((task) => !earlier.has(task.task_id));
    expect(resumed.filter((task) => task.task_id !== next.task_id)).toEqual([
      expect.objectContaining({ status: 'SUCCESS', result: 'Added 6 videos to the queue.' }),
    ]);
    expect(await listed()).toEqual(['alphaVid002', 'alphaVid003', ...BRAVO_VIDEOS].sort());
    expect(await kept()).toEqual([]);
  }

  it.each(BREAKAGES)(
    'yt-dlp %s: the add ends saying why, its lines are kept and the next add queues them',
    expectAddEnded,
  );

  describe('with a call silent for 2 s counted as hung', () => {
    // the outer beforeEach empties this app's tables: it reads `t`, swapped here
    let outer: { t: TestApp; staff: Client };
    beforeAll(async () => {
      outer = { t, staff };
      ({ t, staff } = await setUp(engine, { TK_YTDLP_TIMEOUT_S: '2' }));
    });
    afterAll(async () => {
      await t.container.jobs.close();
      await t.close();
      ({ t, staff } = outer);
    });

    it.each([HANG])(
      'yt-dlp %s: the add ends saying why, its lines are kept and the next add queues them',
      expectAddEnded,
    );
  });

  it('a channel line alone: yt-dlp failing on its listing keeps it, and the start-up resume queues it', async () => {
    ytdlp.install('not-json');
    const failed = await add([BRAVO_URL]);
    expect(failed.status).toBe('FAILURE');
    expect(failed.traceback).toMatch(
      new RegExp(`^yt-dlp failed while adding ${BRAVO_URL} \\(yt-dlp printed no JSON for .*1 line kept`),
    );
    expect(await kept()).toEqual([`${BRAVO_URL} (held)`]);
    // the Downloads page's notification says so
    const shown = await staff.request({ method: 'GET', url: '/api/notification/?filter=download' });
    expect((shown.json() as Notification[]).find((n) => n.id === failed.task_id)).toMatchObject({
      title: 'Add to download queue',
      level: 'error',
      messages: [expect.stringMatching(/1 line kept: added again at the next add/)],
    });

    // what serve does at start-up takes held lines up as well
    ytdlp.install('works');
    expect(await t.container.downloadQueue.resumeAdditions()).toBe(1);
    await t.container.jobs.idle();
    expect(await listed()).toEqual(BRAVO_VIDEOS);
    expect(await kept()).toEqual([]);
  });

  it('the network down: the add ends saying so, and the next download run queues the kept line', async () => {
    const failures = path.join(dir, `offline-${engine}.json`);
    fs.writeFileSync(
      failures,
      JSON.stringify({
        alphaVid004:
          "[youtube] alphaVid004: Unable to download API page: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by TransportError('<urlopen error [Errno -3] Temporary failure in name resolution>'))",
      }),
    );
    process.env.FAKE_YTDLP_FAILURES = failures;
    ytdlp.install('works');
    try {
      const failed = await add(['alphaVid004']);
      expect(failed.status).toBe('FAILURE');
      expect(failed.traceback).toMatch(
        /^cannot reach the provider while adding alphaVid004 \(.*Temporary failure in name resolution.*\)\. 1 line kept/,
      );
      expect(await kept()).toEqual(['alphaVid004 (held)']);
    } finally {
      delete process.env.FAKE_YTDLP_FAILURES;
    }

    // the network is back: a download run takes the kept line up, and the video is queued or downloaded
    const run = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    expect(run.statusCode).toBe(200);
    await finished(t, staff, run.json().task_id as string);
    const archived = await db().selectFrom('videos').select('youtube_id').execute();
    expect([...(await listed()), ...archived.map((v) => v.youtube_id)]).toContain('alphaVid004');
    expect(await kept()).toEqual([]);
  });

  // The provider refusing us (yt-dlp's texts for each) says nothing about the video: it was the one
  // asked when the provider had had enough. Failing its line would lose it; asking on for the rest
  // would only be refused again.
  it.each(REFUSALS)(
    'the provider refuses with %s: the add stops saying why, keeps that line and the rest, the next add queues them',
    async (_, refusal, why) => {
      const failures = path.join(dir, `refusal-${engine}.json`);
      fs.writeFileSync(failures, JSON.stringify({ alphaVid004: `[youtube] alphaVid004: ${refusal}` }));
      process.env.FAKE_YTDLP_FAILURES = failures;
      ytdlp.install('works');
      try {
        const failed = await add(['alphaVid003', 'alphaVid004', BRAVO_URL]);
        expect(failed.status).toBe('FAILURE');
        expect(failed.traceback).toMatch(/^the provider refused while adding alphaVid004 \(/);
        expect(failed.traceback).toMatch(why);
        expect(failed.traceback).toMatch(
          /\)\. 2 lines kept: added again at the next add to the queue or download run\. Added 1 video to the queue\.$/,
        );
        // the Downloads page's notification says so
        const shown = await staff.request({ method: 'GET', url: '/api/notification/?filter=download' });
        expect((shown.json() as Notification[]).find((n) => n.id === failed.task_id)).toMatchObject({
          level: 'error',
          messages: [expect.stringMatching(why)],
        });
        expect(await listed()).toEqual(['alphaVid003']);
        expect(await kept()).toEqual(['alphaVid004 (held)', `${BRAVO_URL} (held)`]);
      } finally {
        delete process.env.FAKE_YTDLP_FAILURES;
      }

      // the provider answers again: the next add queues the kept lines beside its own
      const next = await add(['alphaVid005']);
      expect(next.status).toBe('SUCCESS');
      await t.container.jobs.idle();
      expect(await listed()).toEqual(['alphaVid003', 'alphaVid004', 'alphaVid005', ...BRAVO_VIDEOS].sort());
      expect(await kept()).toEqual([]);
    },
  );
});

describe.each(ENGINES)('update_subscribed while yt-dlp is broken, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  const db = () => t.database.db;

  async function rescan(): Promise<Task> {
    const res = await staff.request({ method: 'POST', url: '/api/task/by-name/update_subscribed/' });
    expect(res.statusCode).toBe(200);
    return finished(t, staff, res.json().task_id as string);
  }
  /**
   * Every channel and playlist row with what a scan could change (subscribed, active, refresh time), and
   * their health: a scan stopped by yt-dlp records no failure against a channel.
   */
  const subscriptions = async () => ({
    health: await db().selectFrom('subscription_health').selectAll().execute(),
    channels: await db().selectFrom('channels').selectAll().orderBy('channel_id').execute(),
    playlists: await db().selectFrom('playlists').selectAll().orderBy('playlist_id').execute(),
    entries: await db()
      .selectFrom('playlist_entries')
      .selectAll()
      .orderBy('playlist_id')
      .orderBy('idx')
      .execute(),
  });
  const queued = async () =>
    (await db().selectFrom('download_queue').select('youtube_id').orderBy('youtube_id').execute()).map(
      (r) => r.youtube_id,
    );

  /** An app with two subscribed channels and a subscribed playlist. */
  async function setUpSubscribed(env: Record<string, string> = {}) {
    ({ t, staff } = await setUp(engine, env));
    await t.container.appConfig.update({
      subscriptions: {
        channel_size: 2,
        live_channel_size: 0,
        shorts_channel_size: 0,
        playlist_size: 2,
        auto_start: false,
        extract_flat: false,
      },
    });
    await makeChannel(db(), {
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      channel_subscribed: 1,
    });
    await makeChannel(db(), {
      channel_id: FAKE.bravo.id,
      channel_name: FAKE.bravo.name,
      channel_subscribed: 1,
    });
    await makePlaylist(db(), {
      playlist_id: FAKE.playlist,
      playlist_subscribed: 1,
      entries: ['alphaVid001', 'bravoVid002'],
    });
  }
  beforeAll(() => setUpSubscribed());
  beforeEach(async () => {
    await db().deleteFrom('download_queue').execute();
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  /** A scan with yt-dlp broken in `mode`: it ends saying `why`, every channel and playlist as it was. */
  async function expectScanEnded(mode: string, why: RegExp) {
    const before = await subscriptions();
    ytdlp.install(mode);
    const task = await rescan();
    expect(task.status).toBe('FAILURE');
    expect(task.traceback).toMatch(why);
    if (!['missing', 'no-exec', 'hang'].includes(mode)) {
      expect(task.traceback).toMatch(
        /^yt-dlp failed while scanning Alpha Workshop .*The scan stopped with every channel and playlist as it was/,
      );
    }
    expect(await subscriptions()).toEqual(before);
    expect(await queued()).toEqual([]);
  }

  it.each(BREAKAGES)(
    'yt-dlp %s: the scan ends saying why, with every channel and playlist as it was',
    expectScanEnded,
  );

  describe('with a call silent for 2 s counted as hung', () => {
    let outer: { t: TestApp; staff: Client };
    beforeAll(async () => {
      outer = { t, staff };
      await setUpSubscribed({ TK_YTDLP_TIMEOUT_S: '2' });
    });
    afterAll(async () => {
      await t.container.jobs.close();
      await t.close();
      ({ t, staff } = outer);
    });

    it.each([HANG])(
      'yt-dlp %s: the scan ends saying why, with every channel and playlist as it was',
      expectScanEnded,
    );
  });

  it('the next scan with a working yt-dlp queues what is new', async () => {
    ytdlp.install('works');
    const task = await rescan();
    expect(task).toMatchObject({ status: 'SUCCESS', result: 'Found 5 videos to add to the queue.' });
    expect(await queued()).toEqual([
      'alphaVid001',
      'alphaVid004',
      'alphaVid005',
      'bravoVid002',
      'bravoVid003',
    ]);
    const channels = await db()
      .selectFrom('channels')
      .select(['channel_subscribed', 'channel_active'])
      .execute();
    expect(channels).toEqual([
      { channel_subscribed: 1, channel_active: 1 },
      { channel_subscribed: 1, channel_active: 1 },
    ]);
  });
});

describe.each(ENGINES)('check_feeds while yt-dlp is broken, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let feeds: FeedStandIn;
  const db = () => t.database.db;
  const checkFeeds = async () => {
    const res = await staff.request({ method: 'POST', url: '/api/task/by-name/check_feeds/' });
    expect(res.statusCode).toBe(200);
    return finished(t, staff, res.json().task_id as string);
  };
  const queued = async () =>
    (await db().selectFrom('download_queue').select('youtube_id').execute()).map((r) => r.youtube_id);

  beforeAll(async () => {
    feeds = await startFeedStandIn();
    ({ t, staff } = await setUp(engine, { TK_YOUTUBE_FEED_URL: feeds.url }));
    await t.container.appConfig.update({ subscriptions: { auto_start: false, extract_flat: false } });
    await makeChannel(db(), {
      channel_id: FAKE.alpha.id,
      channel_name: FAKE.alpha.name,
      channel_subscribed: 1,
    });
    feeds.setChannel(FAKE.alpha.id, FAKE.alpha.name, [
      { id: 'alphaVid005', title: 'Finishing with linseed oil', published: Date.UTC(2024, 0, 6) },
    ]);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
    await feeds.close();
  });

  it('a new upload found while yt-dlp crashes: the check ends saying why, the next one queues it', async () => {
    ytdlp.install('crash');
    const failed = await checkFeeds();
    expect(failed.status).toBe('FAILURE');
    expect(failed.traceback).toMatch(
      /^yt-dlp failed while queueing new videos of Alpha Workshop .*ModuleNotFoundError.*The check stopped/,
    );
    expect(await queued()).toEqual([]);

    ytdlp.install('works');
    const next = await checkFeeds();
    expect(next).toMatchObject({ status: 'SUCCESS', result: expect.stringMatching(/1 new videos queued/) });
    expect(await queued()).toEqual(['alphaVid005']);
  });
});
