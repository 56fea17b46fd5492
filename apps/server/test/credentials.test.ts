import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMinute } from '../src/services/cookie.service.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';

const line = (name: string, value: string) => `.youtube.com\tTRUE\t/\tTRUE\t1900000000\t${name}\t${value}`;
const SIGNED_IN = `# Netscape HTTP Cookie File\n${line('PREF', 'f6=40000000')}\n${line('LOGIN_INFO', 'AFmmF2sw')}\n`;
const SIGNED_OUT = `# Netscape HTTP Cookie File\n${line('PREF', 'f6=40000000')}\n`;

describe.each(ENGINES)('cookie and PO token settings on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, client = staff) =>
    client.request({ method, url, ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH, TZ: 'Europe/Berlin' });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('starts without a cookie', async () => {
    const res = await call('GET', '/api/appsettings/cookie/');
    expect([res.statusCode, res.json()]).toEqual([200, { cookie_enabled: false }]);
  });

  it('refuses text that is not a Netscape cookie file, and a cookie that does not validate', async () => {
    const bad = await call('PUT', '/api/appsettings/cookie/', { cookie: 'SID=abc; HSID=def' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^\[cookie\]: import failed, not in Netscape format/);
    const invalid = await call('PUT', '/api/appsettings/cookie/', { cookie: SIGNED_OUT });
    expect([invalid.statusCode, invalid.json()]).toEqual([
      400,
      { error: '[cookie]: import failed, not valid' },
    ]);
    expect((await call('GET', '/api/appsettings/cookie/')).json()).toEqual({ cookie_enabled: false });
    expect((await t.container.ytdlpSettings.load()).cookie).toBeNull();
  });

  it('imports, validates, hands to yt-dlp and revokes a signed-in cookie', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await call('PUT', '/api/appsettings/cookie/', { cookie: `${SIGNED_IN}\0` });
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state).toEqual({
      cookie_enabled: true,
      status: true,
      validated: expect.any(Number),
      validated_str: localMinute(state.validated * 1000, 'Europe/Berlin'),
    });
    expect(state.validated).toBeGreaterThanOrEqual(before);
    expect(state.validated_str).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect((await call('GET', '/api/appsettings/cookie/')).json()).toEqual(state);
    const settings = await t.container.ytdlpSettings.load();
    expect(settings.downloads.cookie_import).toBe(true);
    expect(settings.cookie).toContain('LOGIN_INFO');
    expect(settings.cookie).not.toContain('\0');
    const again = await call('POST', '/api/appsettings/cookie/');
    expect(again.json()).toMatchObject({ cookie_enabled: true, status: true });
    expect((await call('DELETE', '/api/appsettings/cookie/')).statusCode).toBe(204);
    expect((await call('GET', '/api/appsettings/cookie/')).json()).toEqual({ cookie_enabled: false });
    expect((await t.container.ytdlpSettings.load()).cookie).toBeNull();
    const revalidate = await call('POST', '/api/appsettings/cookie/');
    expect(revalidate.json()).toMatchObject({ cookie_enabled: false, status: false });
  });

  it('stores, enables and revokes the PO token', async () => {
    const missing = await call('GET', '/api/appsettings/potoken/');
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'PO token not found' }]);
    expect((await call('POST', '/api/appsettings/potoken/', { potoken: 'web+' })).statusCode).toBe(400);
    const saved = await call('POST', '/api/appsettings/potoken/', { potoken: ' web+MnRkToken ' });
    expect(saved.json()).toEqual({ potoken: 'web+MnRkToken' });
    expect((await call('GET', '/api/appsettings/potoken/')).json()).toEqual({ potoken: 'web+MnRkToken' });
    const settings = await t.container.ytdlpSettings.load();
    expect([settings.downloads.potoken, settings.poToken]).toEqual([true, 'web+MnRkToken']);
    expect((await call('DELETE', '/api/appsettings/potoken/')).statusCode).toBe(204);
    expect((await t.container.appConfig.get()).downloads.potoken).toBe(false);
    expect((await call('GET', '/api/appsettings/potoken/')).statusCode).toBe(404);
  });

  it('keeps both to staff', async () => {
    expect((await call('GET', '/api/appsettings/cookie/', undefined, viewer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/appsettings/cookie/', { cookie: SIGNED_IN }, viewer)).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/appsettings/potoken/', { potoken: 'web+x' }, viewer)).statusCode).toBe(
      403,
    );
  });
});
