import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionClient, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { notificationReceiver } from './helpers/notification-receiver.ts';

describe.each(ENGINES)('task notifications through Apprise on %s', (engine) => {
  let t: TestApp;
  let box: Awaited<ReturnType<typeof notificationReceiver>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of several shapes
  let api: (method: string, url: string, body?: unknown) => Promise<{ status: number; body: any }>;
  const unreachable = 'json://127.0.0.1:1/nobody';

  beforeAll(async () => {
    box = await notificationReceiver();
    t = await createTestApp(engine);
    const staff = await createUser(t, { username: 'keeper', staff: true });
    const token = await t.container.auth.getOrCreateToken(staff.id);
    api = async (method, url, body) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
    };
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.container.taskNotify.idle();
    await t.close();
    box.close();
  });
  beforeEach(async () => {
    box.received.length = 0;
    await api('DELETE', '/api/task/notification/', { task_name: 'check_reindex' });
  });

  it('adds, lists and deletes URLs per task', async () => {
    expect((await api('GET', '/api/task/notification/')).body).toEqual({});
    const one = box.url('a');
    const two = box.url('b');
    await api('POST', '/api/task/notification/', { task_name: 'check_reindex', url: one });
    const added = await api('POST', '/api/task/notification/', { task_name: 'check_reindex', url: two });
    // the same URL twice is kept once
    await api('POST', '/api/task/notification/', { task_name: 'check_reindex', url: two });
    expect(added).toEqual({
      status: 200,
      body: { check_reindex: { urls: [one, two], title: 'Reindex Documents' } },
    });
    expect((await api('GET', '/api/task/notification/')).body).toEqual(added.body);
    expect(await api('DELETE', '/api/task/notification/', { task_name: 'check_reindex', url: one })).toEqual({
      status: 204,
      body: undefined,
    });
    expect((await api('GET', '/api/task/notification/')).body.check_reindex.urls).toEqual([two]);
    await api('DELETE', '/api/task/notification/', { task_name: 'check_reindex' });
    expect((await api('GET', '/api/task/notification/')).body).toEqual({});
  });

  it('refuses tasks that send no notifications', async () => {
    const res = await api('POST', '/api/task/notification/', {
      task_name: 'manual_import',
      url: box.url('x'),
    });
    expect(res).toEqual({ status: 400, body: { error: "task 'manual_import' does not send notifications" } });
  });

  it('Test sends a message through the real Apprise, and says why when it cannot', async () => {
    const ok = await api('POST', '/api/task/notification/test/', {
      url: box.url('test'),
      task_name: 'download_pending',
    });
    expect(ok).toEqual({ status: 200, body: { success: true, message: 'Test notification sent.' } });
    expect(box.received).toEqual([
      {
        path: '/test',
        title: '[TA] Test notification: Downloading',
        message: 'This is a test notification.',
      },
    ]);
    const bad = await api('POST', '/api/task/notification/test/', { url: unreachable });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: expect.stringContaining('Connection error') });
  });

  it('a finished task sends its summary to its URLs; a failing URL does not fail the task', async () => {
    await api('POST', '/api/task/notification/', { task_name: 'check_reindex', url: unreachable });
    await api('POST', '/api/task/notification/', { task_name: 'check_reindex', url: box.url('reindex') });
    const started = await t.container.tasks.start('check_reindex', { manual: true });
    await t.container.jobs.idle();
    await t.container.taskNotify.idle();
    expect(box.received).toEqual([
      {
        path: '/reindex',
        title: '[TA] Reindex Documents process ended with SUCCESS',
        message: 'reindexed 0 videos, 0 channels, 0 playlists',
      },
    ]);
    expect((await api('GET', `/api/task/by-id/${started.task_id}/`)).body.status).toBe('SUCCESS');
  });

  it('keeps the URLs to staff', async () => {
    const viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    expect((await viewer.request({ method: 'GET', url: '/api/task/notification/' })).statusCode).toBe(403);
  });
});

describe('task notifications without Apprise', () => {
  it('Test says where Apprise was looked for', async () => {
    const t = await createTestApp('sqlite', { APPRISE_PATH: '/nonexistent/apprise' });
    try {
      expect(await t.container.taskNotify.test('json://127.0.0.1:1/')).toEqual({
        success: false,
        message: expect.stringContaining('Apprise not found at "/nonexistent/apprise"'),
      });
    } finally {
      await t.close();
    }
  });
});
