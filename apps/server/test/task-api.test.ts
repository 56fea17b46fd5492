import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../src/jobs/job-queue.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** A handler the test releases by hand, to look at a task while it runs. */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markStarted!: (ctx: JobContext) => void;
  const started = new Promise<JobContext>((resolve) => (markStarted = resolve));
  let context: JobContext | undefined;
  const handler = async (_payload: Record<string, unknown>, ctx: JobContext) => {
    context = ctx;
    markStarted(ctx);
    const aborted = new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
    await Promise.race([released, aborted]);
    ctx.signal.throwIfAborted();
    return 'gate opened';
  };
  return { handler, release, started, context: () => context };
}

describe.each(ENGINES)('task API and notifications on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  const get = (client: Client, url: string) => client.request({ method: 'GET', url });
  const post = (client: Client, url: string, payload?: object) =>
    client.request({ method: 'POST', url, ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('starts the manual import by name and records its result', async () => {
    const res = await post(staff, '/api/task/by-name/manual_import/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ task_id: expect.any(String), status: 'PENDING' });
    await t.container.jobs.idle();
    const result = await get(staff, `/api/task/by-id/${res.json().task_id}/`);
    expect(result.json()).toEqual({
      task_id: res.json().task_id,
      name: 'manual_import',
      status: 'SUCCESS',
      result: 'Imported 0 videos',
      traceback: null,
      date_done: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      kwargs: {},
    });
    const list = await get(staff, '/api/task/by-name/manual_import/');
    expect(list.json().map((r: { task_id: string }) => r.task_id)).toContain(res.json().task_id);
    expect((await get(staff, '/api/task/by-name/')).json().length).toBeGreaterThan(0);
  });

  it.each([
    ['no_such_task', 'unknown name'],
    ['check_reindex', 'not startable through the API'],
    ['restore_backup', 'restores start through /api/appsettings/backup/'],
  ])('answers 404 for %s (%s)', async (name) => {
    const res = await post(staff, `/api/task/by-name/${name}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'can not start task through this endpoint' });
  });

  it('answers 404 for unknown task names and ids, and keeps tasks to staff', async () => {
    expect((await get(staff, '/api/task/by-name/nope/')).json()).toEqual({ error: 'task name not found' });
    expect((await get(staff, '/api/task/by-name/update_subscribed/')).json()).toEqual([]);
    const missing = await get(staff, '/api/task/by-id/00000000-0000-0000-0000-000000000000/');
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'task ID not found' }]);
    expect((await post(viewer, '/api/task/by-name/manual_import/')).statusCode).toBe(403);
    expect((await get(viewer, '/api/task/by-name/')).statusCode).toBe(403);
    expect((await get(viewer, '/api/notification/')).statusCode).toBe(200);
  });

  it('does not start a running task twice, shows it as a notification and stops it on command', async () => {
    const g = gate();
    t.container.jobs.register('update_subscribed', g.handler);
    const first = (await post(staff, '/api/task/by-name/update_subscribed/')).json();
    await g.started;
    g.context()!.reporter.update(0.25, ['Scanning channel 1/4']);
    const second = await post(staff, '/api/task/by-name/update_subscribed/');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      task_id: first.task_id,
      status: 'STARTED',
      message: 'Rescan your Subscriptions is already running',
    });

    const live = (await get(viewer, '/api/notification/')).json();
    expect(live).toContainEqual({
      id: first.task_id,
      title: 'Rescan your Subscriptions',
      group: 'download:scan',
      level: 'info',
      messages: ['Scanning channel 1/4'],
      progress: 0.25,
      api_start: true,
      api_stop: true,
      command: null,
    });
    const ids = async (filter: string) =>
      (await get(viewer, `/api/notification/?filter=${filter}`)).json().map((n: { id: string }) => n.id);
    expect(await ids('download')).toEqual([first.task_id]);
    expect(await ids('setting')).not.toContain(first.task_id);
    // the health report names this server as the only task runner, with the run it has going
    const health = (await get(staff, '/api/health/?details=true')).json();
    expect(health.task_runners).toEqual({
      queue: 'embedded',
      workers: [
        expect.objectContaining({
          id: 'embedded',
          pid: process.pid,
          running: [
            {
              task_id: first.task_id,
              name: 'update_subscribed',
              title: 'Rescan your Subscriptions',
              part: false,
            },
          ],
        }),
      ],
    });

    const stop = await post(staff, `/api/task/by-id/${first.task_id}/`, { command: 'stop' });
    expect(stop.statusCode).toBe(204);
    await t.container.jobs.idle();
    expect((await get(staff, `/api/task/by-id/${first.task_id}/`)).json().status).toBe('REVOKED');
    const after = (await get(viewer, '/api/notification/')).json();
    expect(after).toContainEqual(
      expect.objectContaining({
        id: first.task_id,
        command: 'STOP',
        api_stop: false,
        messages: [expect.stringMatching(/^Task stopped/)],
      }),
    );
    // the lock is released: it starts again
    const g2 = gate();
    t.container.jobs.register('update_subscribed', g2.handler);
    const third = (await post(staff, '/api/task/by-name/update_subscribed/')).json();
    expect(third.task_id).not.toBe(first.task_id);
    g2.release();
    await t.container.jobs.idle();
    expect((await get(staff, `/api/task/by-id/${third.task_id}/`)).json()).toMatchObject({
      status: 'SUCCESS',
      result: 'gate opened',
    });
  });

  it('refuses stop and kill for tasks without api_stop, and bad commands', async () => {
    const run = (await post(staff, '/api/task/by-name/manual_import/')).json();
    await t.container.jobs.idle();
    const stop = await post(staff, `/api/task/by-id/${run.task_id}/`, { command: 'stop' });
    expect([stop.statusCode, stop.json()]).toEqual([400, { error: 'task can not be stopped' }]);
    const kill = await post(staff, `/api/task/by-id/${run.task_id}/`, { command: 'kill' });
    expect([kill.statusCode, kill.json()]).toEqual([400, { error: 'task can not be killed' }]);
    const bad = await post(staff, `/api/task/by-id/${run.task_id}/`, { command: 'pause' });
    expect(bad.statusCode).toBe(400);
  });

  it('writes progress at most every 500 ms, the last state always', async () => {
    const g = gate();
    t.container.jobs.register('thumbnail_check', g.handler);
    const { task_id } = (await post(staff, '/api/task/by-name/thumbnail_check/')).json();
    const ctx = await g.started;
    ctx.reporter.update(0.1, ['first']);
    ctx.reporter.update(0.2, ['second']);
    ctx.reporter.update(0.3, ['third']);
    const progressOf = async () =>
      (await get(viewer, '/api/notification/')).json().find((n: { id: string }) => n.id === task_id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await progressOf()).toMatchObject({ progress: 0.1, messages: ['first'] });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await progressOf()).toMatchObject({ progress: 0.3, messages: ['third'] });
    g.release();
    await t.container.jobs.idle();
    expect(await progressOf()).toMatchObject({ progress: 1, messages: ['gate opened'], level: 'info' });
  });

  it('starts the manual import with options and reports failures by name', async () => {
    const missing = await post(staff, '/api/appsettings/manual-import/', { ignore_error: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('prefer_local');
    expect(
      (await post(viewer, '/api/appsettings/manual-import/', { ignore_error: true, prefer_local: false }))
        .statusCode,
    ).toBe(403);

    const importDir = t.container.archivePaths.importDir;
    fs.mkdirSync(importDir, { recursive: true });
    fs.writeFileSync(path.join(importDir, 'Lonely.info.json'), JSON.stringify({ id: 'lonelyvideo' }));

    const lenient = await post(staff, '/api/appsettings/manual-import/', {
      ignore_error: true,
      prefer_local: false,
    });
    expect(lenient.json()).toEqual({ task_id: expect.any(String), status: 'PENDING' });
    await t.container.jobs.idle();
    const ok = (await get(staff, `/api/task/by-id/${lenient.json().task_id}/`)).json();
    expect(ok).toMatchObject({ status: 'SUCCESS', kwargs: { ignore_error: true, prefer_local: false } });
    expect(ok.result).toBe(
      'Imported 0 videos; failed: Lonely: no media file (.mp4, .mkv or .webm) in this group',
    );
    const shown = (await get(viewer, '/api/notification/?filter=settings')).json();
    expect(shown).toContainEqual(
      expect.objectContaining({ id: ok.task_id, title: 'Processing import', level: 'error' }),
    );

    const strict = await post(staff, '/api/appsettings/manual-import/', {
      ignore_error: false,
      prefer_local: false,
    });
    await t.container.jobs.idle();
    const failed = (await get(staff, `/api/task/by-id/${strict.json().task_id}/`)).json();
    expect(failed).toMatchObject({
      status: 'FAILURE',
      result: null,
      traceback: expect.stringContaining('Lonely: no media file'),
    });
    const note = (await get(viewer, '/api/notification/'))
      .json()
      .find((n: { id: string }) => n.id === failed.task_id);
    expect(note).toMatchObject({
      level: 'error',
      messages: [expect.stringMatching(/^Task failed: Lonely: no media file/)],
    });
  });

  it('marks runs left by a dead process as failed and frees their lock', async () => {
    const now = Date.now();
    await t.database.db
      .insertInto('tasks')
      .values({
        id: 'left-behind',
        name: 'manual_import',
        status: 'running',
        title: 'Processing import',
        group_name: 'setting:import',
        level: 'info',
        messages: '[]',
        progress: 0.5,
        command: null,
        payload: '{}',
        result: null,
        created_at: now,
        started_at: now,
        finished_at: null,
        visible_until: null,
        lock_key: 'manual_import',
      })
      .execute();
    const blocked = (await post(staff, '/api/task/by-name/manual_import/')).json();
    expect(blocked).toMatchObject({
      task_id: 'left-behind',
      message: 'Manual video import is already running',
    });
    expect(await t.container.taskRecords.failAbandoned()).toBe(1);
    expect((await get(staff, '/api/task/by-id/left-behind/')).json()).toMatchObject({ status: 'FAILURE' });
    const fresh = (await post(staff, '/api/task/by-name/manual_import/')).json();
    expect(fresh).toEqual({ task_id: expect.any(String), status: 'PENDING' });
    await t.container.jobs.idle();

    // a finished run whose final write left its lock behind does not block the next one
    await t.database.db
      .updateTable('tasks')
      .set({ lock_key: 'manual_import' })
      .where('id', '=', fresh.task_id)
      .execute();
    const again = (await post(staff, '/api/task/by-name/manual_import/')).json();
    expect(again).toEqual({ task_id: expect.any(String), status: 'PENDING' });
    await t.container.jobs.idle();
  });
});
