import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { queueFakeVideo } from './helpers/acquisition.ts';

/** A yt-dlp that cannot resolve any host, as on a machine whose network is down. */
let offline: string;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-offline-'));
  offline = path.join(dir, 'yt-dlp');
  fs.writeFileSync(
    offline,
    '#!/bin/sh\necho "ERROR: [youtube] x: Unable to download webpage: <urlopen error [Errno -3] Temporary failure in name resolution>" >&2\nexit 1\n',
    { mode: 0o755 },
  );
});
afterAll(() => fs.rmSync(path.dirname(offline), { recursive: true, force: true }));

describe.each(ENGINES)('download_pending without a network on %s', (engine) => {
  let t: TestApp;
  let staff: Client;

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: offline });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0 } });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('fails the task with a clear message and leaves every item queued without an error', async () => {
    await queueFakeVideo(t.database.db, 'alphaVid001');
    await queueFakeVideo(t.database.db, 'alphaVid002');
    const res = await staff.request({ method: 'POST', url: '/api/task/by-name/download_pending/' });
    await t.container.jobs.idle();
    const task = (
      await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })
    ).json();
    expect(task.status).toBe('FAILURE');
    expect(task.traceback).toMatch(
      /^cannot reach the provider \(.*Temporary failure in name resolution.*\); the queue is kept/,
    );
    const queue = await t.database.db
      .selectFrom('download_queue')
      .select(['youtube_id', 'message'])
      .orderBy('youtube_id')
      .execute();
    expect(queue).toEqual([
      { youtube_id: 'alphaVid001', message: null },
      { youtube_id: 'alphaVid002', message: null },
    ]);
  });
});
