import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContainer } from '../src/container.ts';
import { ScheduleRepository } from '../src/repositories/schedule.repository.ts';
import { Scheduler } from '../src/services/scheduler.ts';
import { createTestApp, createUser, sessionClient, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** 2026-01-15 12:00 UTC is 13:00 in Berlin (winter time), where these tests run the server. */
const NOON_UTC = Date.UTC(2026, 0, 15, 12, 0);
const silentLog = { info: () => {}, error: () => {} };

describe.each(ENGINES)('task schedules on %s', (engine) => {
  let t: TestApp;
  let now = NOON_UTC;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of several shapes
  let api: (method: string, url: string, body?: unknown) => Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    t = await createTestApp(engine, { TZ: 'Europe/Berlin' }, { now: () => now });
    const staff = await createUser(t, { username: 'keeper', staff: true });
    const token = await t.container.auth.getOrCreateToken(staff.id);
    // as upstream clients call: token auth, JSON content type on every call
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
    await t.close();
  });
  beforeEach(async () => {
    now = NOON_UTC;
    await t.database.db.deleteFrom('schedules').execute();
    await t.database.db.deleteFrom('app_settings').execute();
  });

  it.each([
    ['update_subscribed', {}, 'expected schedule or config key'],
    ['update_subscribed', { schedule: '0 8' }, 'expected three cron schedule fields'],
    ['update_subscribed', { schedule: '0 8 * *' }, 'expected three cron schedule fields'],
    ['update_subscribed', { schedule: '' }, 'expected three cron schedule fields'],
    ['update_subscribed', { schedule: '* 8 *' }, 'Invalid value for minutes. Must be an integer.'],
    ['update_subscribed', { schedule: '*/15 * *' }, 'Invalid value for minutes. Must be an integer.'],
    ['update_subscribed', { schedule: '0,30 8 *' }, 'Invalid value for minutes. Must be an integer.'],
    ['download_pending', { schedule: '60 8 *' }, 'Invalid minutes. Must be between 0 and 59.'],
    ['download_pending', { schedule: '0 0/1 *' }, "invalid crontab: hour '0/1': invalid step in '0/1'"],
    ['download_pending', { schedule: '0 24 *' }, "invalid crontab: hour '24': '24' is out of range 0-23"],
    ['download_pending', { schedule: '0 8 7' }, "invalid crontab: day_of_week '7': '7' is out of range 0-6"],
    ['download_pending', { schedule: '0 8 x' }, "invalid crontab: day_of_week 'x': invalid value in 'x'"],
    ['update_subscribed', { config: { days: 3 } }, "task 'update_subscribed' doesn't take config"],
    ['check_reindex', { config: { rotate: 3 } }, "invalid config key for task 'check_reindex'"],
    ['check_reindex', { config: { days: 0 } }, "invalid value for 'days': must be an integer of at least 1"],
    ['manual_import', { schedule: '0 8 *' }, "task 'manual_import' can not be scheduled"],
    ['no_such_task', { schedule: '0 8 *' }, "task 'no_such_task' can not be scheduled"],
  ])('refuses %s %j with 400 "%s"', async (name, body, message) => {
    const res = await api('POST', `/api/task/schedule/${name}/`, body);
    expect(res).toEqual({ status: 400, body: { error: message } });
    expect((await api('GET', '/api/task/schedule/')).body).toEqual([]);
  });

  it('saves "auto" as the default, says when it runs in TZ, and lists it', async () => {
    const saved = await api('POST', '/api/task/schedule/update_subscribed/', { schedule: 'auto' });
    const expected = {
      name: 'update_subscribed',
      schedule: '0 8 *',
      schedule_human: 'At 08:00 AM',
      last_run_at: null,
      config: {},
      // 08:00 in Berlin on the next day, as it is 13:00 there now
      next_run_at: '2026-01-16T07:00:00.000Z',
      last_outcome: null,
    };
    expect(saved).toEqual({ status: 200, body: expected });
    const weekly = await api('POST', '/api/task/schedule/download_pending/', { schedule: '30 14,20 sun' });
    expect(weekly.body).toMatchObject({
      schedule: '30 14,20 sun',
      schedule_human: 'At 02:30 PM and 08:30 PM, only on Sunday',
      next_run_at: '2026-01-18T13:30:00.000Z',
    });
    expect((await api('GET', '/api/task/schedule/')).body.map((s: { name: string }) => s.name)).toEqual([
      'download_pending',
      'update_subscribed',
    ]);
  });

  it('keeps check_reindex days where the reindex reads them, with or without a schedule', async () => {
    const configOnly = await api('POST', '/api/task/schedule/check_reindex/', { config: { days: 30 } });
    expect(configOnly).toEqual({ status: 200, body: { name: 'check_reindex', config: { days: 30 } } });
    expect(await t.container.reindex.intervalDays()).toBe(30);
    const both = await api('POST', '/api/task/schedule/check_reindex/', {
      schedule: '15 3 *',
      config: { days: 45 },
    });
    expect(both.body).toMatchObject({ schedule: '15 3 *', config: { days: 45 } });
    expect(await t.container.reindex.intervalDays()).toBe(45);
  });

  it('disables a schedule with DELETE, and answers 404 for one that does not exist', async () => {
    await api('POST', '/api/task/schedule/update_subscribed/', { schedule: '0 8 *' });
    const one = await api('GET', '/api/task/schedule/update_subscribed/');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      name: 'update_subscribed',
      schedule: '0 8 *',
      schedule_human: expect.any(String),
    });
    expect(one.body).toEqual((await api('GET', '/api/task/schedule/')).body[0]);
    expect(await api('DELETE', '/api/task/schedule/update_subscribed/')).toEqual({
      status: 204,
      body: undefined,
    });
    expect((await api('GET', '/api/task/schedule/')).body).toEqual([]);
    expect(await api('DELETE', '/api/task/schedule/update_subscribed/')).toEqual({
      status: 404,
      body: { error: 'schedule not found' },
    });
    expect(await api('GET', '/api/task/schedule/update_subscribed/')).toEqual({
      status: 404,
      body: { error: 'schedule not found' },
    });
  });

  it('runs a task when its minute comes, records how it ended, and moves on to the next day', async () => {
    // 13:01 in Berlin: due one minute from now
    await api('POST', '/api/task/schedule/check_reindex/', { schedule: '1 13 *' });
    expect(await t.container.scheduler.tick()).toEqual([]);
    now += 60_000;
    const [id] = await t.container.scheduler.tick();
    expect(id).toEqual(expect.any(String));
    await t.container.jobs.idle();
    const [listed] = (await api('GET', '/api/task/schedule/')).body;
    expect(listed).toEqual({
      name: 'check_reindex',
      schedule: '1 13 *',
      schedule_human: 'At 01:01 PM',
      last_run_at: '2026-01-15T12:01:00.000Z',
      config: { days: 90 },
      next_run_at: '2026-01-16T12:01:00.000Z',
      last_outcome: {
        task_id: id,
        status: 'SUCCESS',
        result: expect.stringContaining('reindexed'),
        date_done: expect.any(String),
      },
    });
    expect((await api('GET', `/api/task/by-id/${id}/`)).body.status).toBe('SUCCESS');
    // nothing more until the next slot
    now += 60 * 60_000;
    expect(await t.container.scheduler.tick()).toEqual([]);
  });

  it('fires a due run once when several processes look at the same moment', async () => {
    await api('POST', '/api/task/schedule/check_reindex/', { schedule: '1 13 *' });
    now += 60_000;
    // five schedulers over the same table, as five server processes would be
    const schedulers = Array.from(
      { length: 5 },
      () =>
        new Scheduler({
          schedules: new ScheduleRepository(t.database.db),
          queue: t.container.jobs,
          timeZone: 'Europe/Berlin',
          log: silentLog,
          now: () => now,
        }),
    );
    const started = (await Promise.all(schedulers.map((s) => s.tick()))).flat();
    await t.container.jobs.idle();
    expect(started).toHaveLength(1);
    const runs = (await api('GET', '/api/task/by-name/check_reindex/')).body;
    expect(runs.filter((r: { task_id: string }) => r.task_id === started[0])).toHaveLength(1);
  });

  it('gives a due slot to exactly one claimant, even after the first run has ended', async () => {
    await api('POST', '/api/task/schedule/check_reindex/', { schedule: '1 13 *' });
    const repository = new ScheduleRepository(t.database.db);
    const [row] = await repository.list();
    const next = row!.next_run_at + 24 * 60 * 60_000;
    // the lock of a running task would hide a second start; the slot itself must be taken once
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => repository.claim('check_reindex', row!.next_run_at, next, now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repository.claim('check_reindex', row!.next_run_at, next, now)).toBe(false);
  });

  it('does not start a task twice when its slot comes while it already runs', async () => {
    await api('POST', '/api/task/schedule/check_reindex/', { schedule: '1 13 *' });
    const running = await t.container.taskRecords.create('check_reindex', { manual: true });
    now += 60_000;
    expect(await t.container.scheduler.tick()).toEqual([]);
    const runs = (await api('GET', '/api/task/by-name/check_reindex/')).body;
    expect(runs.filter((r: { status: string }) => r.status === 'PENDING')).toHaveLength(1);
    // the slot is used up: the next run is tomorrow's
    expect((await api('GET', '/api/task/schedule/')).body[0].next_run_at).toBe('2026-01-16T12:01:00.000Z');
    await t.container.taskRecords.finish(running.id, undefined, { status: 'success', result: 'done' });
  });

  it('has its schedules and next run time back after a restart, and fires a slot missed while down', async () => {
    await api('POST', '/api/task/schedule/check_reindex/', { schedule: '1 13 *' });
    const before = (await api('GET', '/api/task/schedule/')).body;
    // a new process on the same database, two days later
    now += 2 * 24 * 60 * 60_000;
    const restarted = createContainer(t.container.config, t.database, { now: () => now });
    expect(await restarted.schedules.list()).toEqual(before);
    const started = await restarted.scheduler.tick();
    expect(started).toHaveLength(1);
    await restarted.jobs.idle();
    const [after] = await restarted.schedules.list();
    expect(after!.next_run_at).toBe('2026-01-17T12:01:00.000Z');
    await restarted.jobs.close();
  });

  it('creates the first-install schedules once, so a deleted default stays deleted', async () => {
    expect(await t.container.schedules.createInstallDefaults()).toEqual([
      'check_reindex',
      'thumbnail_check',
      'check_feeds',
    ]);
    expect((await api('GET', '/api/task/schedule/')).body).toEqual([
      expect.objectContaining({ name: 'check_feeds', schedule: '*/15 * *' }),
      expect.objectContaining({ name: 'check_reindex', schedule: '0 12 *', config: { days: 90 } }),
      expect.objectContaining({ name: 'thumbnail_check', schedule: '0 17 *', schedule_human: 'At 05:00 PM' }),
    ]);
    await api('DELETE', '/api/task/schedule/check_reindex/');
    await api('DELETE', '/api/task/schedule/check_feeds/');
    await api('DELETE', '/api/task/schedule/thumbnail_check/');
    expect(await t.container.schedules.createInstallDefaults()).toEqual([]);
    expect((await api('GET', '/api/task/schedule/')).body).toEqual([]);
  });

  it("gives an install made before a task was built that task's default once (thumbnail_check)", async () => {
    // what an earlier version wrote on first install, before thumbnail_check had a handler
    await t.container.repositories.settings.putAppSetting('scheduler:defaults_created', {
      created: ['check_reindex', 'check_feeds'],
      at: NOON_UTC - 86_400_000,
    });
    expect(await t.container.schedules.createInstallDefaults()).toEqual(['thumbnail_check']);
    expect(await t.container.schedules.createInstallDefaults()).toEqual([]);
    expect((await api('GET', '/api/task/schedule/')).body.map((s: { name: string }) => s.name)).toEqual([
      'thumbnail_check',
    ]);
  });

  it('lets check_feeds run every 15 minutes, not more often (issue 16)', async () => {
    const ok = await api('POST', '/api/task/schedule/check_feeds/', { schedule: '*/15 * *' });
    expect(ok.status).toBe(200);
    const tooOften = await api('POST', '/api/task/schedule/check_feeds/', { schedule: '*/10 * *' });
    expect(tooOften).toEqual({
      status: 400,
      body: { error: "task 'check_feeds' runs at most every 15 minutes" },
    });
    await api('DELETE', '/api/task/schedule/check_feeds/');
  });

  it('keeps schedules to staff', async () => {
    const viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    expect((await viewer.request({ method: 'GET', url: '/api/task/schedule/' })).statusCode).toBe(403);
    const post = await viewer.request({
      method: 'POST',
      url: '/api/task/schedule/update_subscribed/',
      payload: { schedule: '0 8 *' },
    });
    expect(post.statusCode).toBe(403);
  });
});
