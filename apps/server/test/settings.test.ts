import { APP_CONFIG_DEFAULTS, USER_CONFIG_DEFAULTS } from '@tubekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makeVideo } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe.each(ENGINES)('user config and application config on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  let staff: Client;
  beforeAll(async () => {
    t = await createTestApp(engine);
    user = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
  });
  afterAll(() => t.close());

  const me = (client: Client, payload?: object) =>
    client.request(
      payload ? { method: 'POST', url: '/api/user/me/', payload } : { method: 'GET', url: '/api/user/me/' },
    );

  it('starts from the spec defaults', async () => {
    const config = (await me(user)).json();
    expect(config).toEqual(USER_CONFIG_DEFAULTS);
    expect(config).toMatchObject({
      stylesheet: 'dark',
      page_size: 12,
      grid_items: 3,
      file_size_unit: 'binary',
    });
  });

  it('updates partially and returns the whole config, kept across reads', async () => {
    const res = await me(user, { stylesheet: 'matrix', page_size: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...USER_CONFIG_DEFAULTS, stylesheet: 'matrix', page_size: 30 });
    expect((await me(user)).json().stylesheet).toBe('matrix');
    // other users are not affected
    expect((await me(staff)).json().stylesheet).toBe('dark');
  });

  it('a changed page size applies to the very next video list page (the read config is reused, not stale)', async () => {
    const { channel_id } = await makeChannel(t.database.db);
    for (let i = 0; i < 3; i++) await makeVideo(t.database.db, { channel_id });
    const pageLength = async () =>
      (await user.request({ method: 'GET', url: '/api/video/' })).json().data.length;
    await me(user, { page_size: 1 });
    expect(await pageLength()).toBe(1);
    await me(user, { page_size: 2 });
    expect(await pageLength()).toBe(2);
    await me(user, { page_size: 1 });
    expect(await pageLength()).toBe(1);
  });

  it('falls back to page size 12 when empty and keeps upstream "light.css" as sent (issue 15)', async () => {
    expect((await me(user, { page_size: null })).json().page_size).toBe(12);
    expect((await me(user, { page_size: '' })).json().page_size).toBe(12);
    expect((await me(user, { stylesheet: 'light.css' })).json().stylesheet).toBe('light.css');
  });

  it.each([
    [{ grid_items: 8 }, 'grid_items'],
    [{ grid_items: 2 }, 'grid_items'],
    [{ stylesheet: 'neon' }, 'stylesheet'],
    [{ file_size_unit: 'decimal' }, 'file_size_unit'],
    [{ sort_by: 'random' }, 'sort_by'],
    [{ sort_order: 'up' }, 'sort_order'],
    [{ page_size: 0 }, 'page_size'],
    [{ page_size: 'many' }, 'page_size'],
    [{ show_help_text: 'yes' }, 'show_help_text'],
    [{ favourite_colour: 'red' }, 'favourite_colour'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const res = await me(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it('serves the application config with every upstream key and default plus potoken and add_thumbnail', async () => {
    const res = await user.request({ method: 'GET', url: '/api/appsettings/config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(APP_CONFIG_DEFAULTS);
    expect(res.json().downloads).toMatchObject({
      sleep_interval: 10,
      comment_sort: 'top',
      potoken: false,
      add_thumbnail: false,
    });
    expect(res.json().subscriptions.channel_size).toBe(50);
  });

  it('lets staff update nested keys partially and reset them with null', async () => {
    const post = (payload: object) =>
      staff.request({ method: 'POST', url: '/api/appsettings/config/', payload });
    const updated = (
      await post({
        downloads: { sleep_interval: 30, format: 'bestvideo' },
        application: { enable_cast: true },
      })
    ).json();
    expect(updated.downloads).toMatchObject({ sleep_interval: 30, format: 'bestvideo', comment_sort: 'top' });
    expect(updated.application).toEqual({ enable_snapshot: true, enable_cast: true });
    expect(updated.subscriptions).toEqual(APP_CONFIG_DEFAULTS.subscriptions);
    const reset = (await post({ downloads: { sleep_interval: null } })).json();
    expect(reset.downloads.sleep_interval).toBe(10);
    expect(reset.downloads.format).toBe('bestvideo');
    const read = (await staff.request({ method: 'GET', url: '/api/appsettings/config/' })).json();
    expect(read.application.enable_cast).toBe(true);
  });

  it.each([
    [{ downloads: { nonsense: 1 } }, 'nonsense'],
    [{ extra: { a: 1 } }, 'extra'],
    [{ downloads: { subtitle_source: 'robot' } }, 'subtitle_source'],
    [{ downloads: { comment_sort: 'old' } }, 'comment_sort'],
    [{ downloads: { sleep_interval: -1 } }, 'sleep_interval'],
    [{ downloads: { comment_max: 'lots' } }, 'comment_max'],
    [{ subscriptions: { auto_start: 'yes' } }, 'auto_start'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const res = await staff.request({ method: 'POST', url: '/api/appsettings/config/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it('does not let a regular user change the application config', async () => {
    const res = await user.request({
      method: 'POST',
      url: '/api/appsettings/config/',
      payload: { application: { enable_cast: false } },
    });
    expect(res.statusCode).toBe(403);
  });
});
