import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadList } from '@tubekeeper/contract';
import { FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { startIntegrationStandIns, type StandIns } from './helpers/integration-stand-ins.ts';
import { createTestApp, createUser, sessionClient, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo, startAssetServer } from './helpers/acquisition.ts';

/**
 * Issue 16: a failed download says what the failure means and what to do, in the queue item
 * (`GET /api/download/`, beside upstream's `message`) and in the task's notification; retry follows the
 * category. The fake provider fails the videos with real yt-dlp texts (FAKE_YTDLP_FAILURES).
 */
const PREMIERE = 'alphaVid003';
const MEMBERS = 'alphaVid004';
const TEXTS = {
  [PREMIERE]: `[youtube] ${PREMIERE}: Premieres in 2 hours`,
  [MEMBERS]: `[youtube] ${MEMBERS}: Join this channel to get access to members-only content like this video, and other exclusive perks.`,
};

let assets: Awaited<ReturnType<typeof startAssetServer>>;
let standIns: StandIns;
let dir: string;
const failures = () => path.join(dir, 'failures.json');
beforeAll(async () => {
  assets = await startAssetServer();
  standIns = await startIntegrationStandIns();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-diagnosis-'));
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
  process.env.FAKE_YTDLP_FAILURES = failures();
  process.env.FAKE_YTDLP_DELAY_MS = '20';
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_FAILURES;
  await assets.close();
  await standIns.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(ENGINES)('failure diagnosis of downloads on %s', (engine) => {
  let t: TestApp;
  let token: string;
  const api = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      ...(method === 'POST' && { payload: {} }),
    });
  const runDownloads = async () => {
    const started = await api('POST', '/api/task/by-name/download_pending/');
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
    return (await api('GET', `/api/task/by-id/${started.json().task_id}/`)).json();
  };
  const queue = async () => ((await api('GET', '/api/download/')).json() as DownloadList).data;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      YTDLP_PATH: FAKE_YTDLP_PATH,
      TK_SPONSORBLOCK_URL: standIns.sponsorblockUrl,
      TK_RYD_URL: standIns.rydUrl,
    });
    const staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    token = (await staff.request({ method: 'GET', url: '/api/appsettings/token/' })).json().token;
    await t.container.appConfig.update({
      downloads: { sleep_interval: 0, subtitle: null, comment_max: null, integrate_sponsorblock: false },
    });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('shows category and advice on the item and in the notification; a premiere is tried again after its start', async () => {
    fs.writeFileSync(failures(), JSON.stringify(TEXTS));
    await queueFakeVideo(t.database.db, PREMIERE);
    await queueFakeVideo(t.database.db, MEMBERS);
    const before = Date.now();

    const task = await runDownloads();
    expect(task.result).toContain(
      `${MEMBERS}: ${TEXTS[MEMBERS]} [Members-only: Import a cookie of an account that is a member of this channel`,
    );
    expect(task.result).toContain(`${PREMIERE}: ${TEXTS[PREMIERE]} [Premiere or live stream not started:`);

    const items = await queue();
    const premiere = items.find((i) => i.youtube_id === PREMIERE)!;
    expect(premiere.message).toBe(TEXTS[PREMIERE]);
    expect(premiere.diagnosis).toMatchObject({
      category: 'not_yet_available',
      label: 'Premiere or live stream not started',
      advice: expect.stringMatching(/^Not started yet; tried again from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/),
    });
    const retryAt = Date.parse(premiere.diagnosis!.retry_at!);
    expect(retryAt).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    const members = items.find((i) => i.youtube_id === MEMBERS)!;
    expect(members.diagnosis).toMatchObject({ category: 'members_only', retry_at: null });

    // before its start time a run leaves the premiere alone
    expect((await runDownloads()).result).toBe('downloaded 0 video(s).');

    // the premiere has started: the provider serves it, and the next run takes it; members-only stays
    fs.writeFileSync(failures(), JSON.stringify({ [MEMBERS]: TEXTS[MEMBERS] }));
    await t.database.db
      .updateTable('download_queue')
      .set({ retry_at: Date.now() - 1000 })
      .where('youtube_id', '=', PREMIERE)
      .execute();
    expect((await runDownloads()).result).toBe('downloaded 1 video(s).');
    expect((await queue()).map((i) => [i.youtube_id, i.diagnosis?.category])).toEqual([
      [MEMBERS, 'members_only'],
    ]);
  });

  it('an item without a failure has no diagnosis, and clearing the error clears it', async () => {
    const clear = await t.app.inject({
      method: 'PATCH',
      url: '/api/download/?filter=pending',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: { status: 'clear_error' },
    });
    expect(clear.statusCode).toBeLessThan(300);
    const [item] = await queue();
    expect(item).not.toHaveProperty('diagnosis');
    expect(item).not.toHaveProperty('message');
  });
});
