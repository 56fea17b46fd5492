import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_SESSION_MS } from '../src/services/auth.service.ts';
import { CREDENTIAL_REUSE_MS } from '../src/services/recent-credentials.ts';
import { Client, createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe.each(ENGINES)('sign-in and sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await createUser(t, { username: 'alice' });
    await createUser(t, { username: 'boss', staff: true });
  });
  afterAll(() => t.close());

  it('answers 403 to ping when not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ping/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/credentials/);
  });

  it('signs in with 204, a session cookie and a fresh csrftoken, then pings', async () => {
    const client = new Client(t.app);
    const res = await client.login('alice');
    expect(res.statusCode).toBe(204);
    const session = res.cookies.find((c) => c.name === 'sessionid');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.maxAge).toBeUndefined(); // a browser-session cookie without remember me
    expect(res.cookies.some((c) => c.name === 'csrftoken')).toBe(true);
    const ping = await client.request({ method: 'GET', url: '/api/ping/' });
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toMatchObject({
      response: 'pong',
      version: expect.stringMatching(/^v\d/),
      ta_update: null,
    });
    expect(typeof ping.json().user).toBe('number');
  });

  it('keeps the cookie for 365 days with remember me', async () => {
    const res = await new Client(t.app).login('alice', undefined, 'on');
    expect(res.cookies.find((c) => c.name === 'sessionid')?.maxAge).toBe(365 * 24 * 60 * 60);
  });

  it('refuses a wrong password with 400 Invalid credentials', async () => {
    const res = await new Client(t.app).login('alice', 'wrong password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid credentials' });
  });

  it('rate-limits repeated failures from one address with 429 and a message', async () => {
    const client = new Client(t.app);
    const attempt = () =>
      client.request({
        method: 'POST',
        url: '/api/user/login/',
        remoteAddress: '10.9.8.7',
        payload: { username: 'alice', password: 'nope', remember_me: 'off' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many failed login attempts. Try again in \d+ seconds/);
    // another address is not affected
    expect((await new Client(t.app).login('alice')).statusCode).toBe(204);
  });

  it('logs out: the session no longer works', async () => {
    const client = new Client(t.app);
    await client.login('alice');
    const sessionKey = client.cookies.get('sessionid')!;
    expect((await client.request({ method: 'POST', url: '/api/user/logout/' })).statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/ping/',
      cookies: { sessionid: sessionKey },
    });
    expect(again.statusCode).toBe(403);
  });

  it('requires X-CSRFToken equal to the cookie on unsafe session calls', async () => {
    const client = new Client(t.app);
    await client.login('alice');
    const without = await client.request({ method: 'POST', url: '/api/user/me/', payload: {}, csrf: false });
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toMatch(/CSRF/);
    const wrong = await client.request({
      method: 'POST',
      url: '/api/user/me/',
      payload: {},
      csrf: false,
      headers: { 'x-csrftoken': 'forged' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await client.request({ method: 'POST', url: '/api/user/me/', payload: { grid_items: 4 } });
    expect(right.statusCode).toBe(200);
    expect(right.json().grid_items).toBe(4);
  });

  it('expires a browser session on the server after 2 days', async () => {
    const client = new Client(t.app);
    await client.login('alice');
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + BROWSER_SESSION_MS + 1000;
      expect((await client.request({ method: 'GET', url: '/api/ping/' })).statusCode).toBe(403);
    } finally {
      Date.now = realNow;
    }
  });

  it('accepts "Authorization: Token <key>" on any call without CSRF, until revoked', async () => {
    const client = new Client(t.app);
    await client.login('boss');
    const { token } = (await client.request({ method: 'GET', url: '/api/appsettings/token/' })).json();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    // the same token on a second read
    expect((await client.request({ method: 'GET', url: '/api/appsettings/token/' })).json().token).toBe(
      token,
    );
    const headers = { authorization: `Token ${token}` };
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/',
      headers,
      payload: { grid_items: 5 },
    });
    expect(write.statusCode).toBe(200);
    // a token client keeps no cookies: it is sent no csrftoken
    expect(write.cookies.map((c) => c.name)).not.toContain('csrftoken');
    expect((await client.request({ method: 'DELETE', url: '/api/appsettings/token/' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/ping/', headers })).statusCode).toBe(403);
  });

  it('cuts off a disabled user at once: session and token', async () => {
    const victim = await createUser(t, { username: 'mallory', staff: true });
    const client = new Client(t.app);
    await client.login('mallory');
    const { token } = (await client.request({ method: 'GET', url: '/api/appsettings/token/' })).json();
    await t.container.userAdmin.update(victim.id, { is_active: false });
    expect((await client.request({ method: 'GET', url: '/api/ping/' })).statusCode).toBe(403);
    const viaToken = await t.app.inject({
      method: 'GET',
      url: '/api/ping/',
      headers: { authorization: `Token ${token}` },
    });
    expect(viaToken.statusCode).toBe(403);
    expect((await new Client(t.app).login('mallory')).statusCode).toBe(400);
  });

  it('refuses reads with a token revoked elsewhere once the reuse time has passed, writes at once', async () => {
    const holder = await createUser(t, { username: 'holder', staff: true });
    const token = await t.container.auth.getOrCreateToken(holder.id);
    const as = (method: 'GET' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { authorization: `Token ${token}` } });
    expect((await as('GET', '/api/ping/')).statusCode).toBe(200);
    // another process (the `user` CLI, a second API process) deletes it: reads may still pass for moments
    await t.container.repositories.tokens.deleteForUser(holder.id);
    expect((await as('DELETE', '/api/appsettings/token/')).statusCode).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + CREDENTIAL_REUSE_MS + 1);
      expect((await as('GET', '/api/ping/')).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports the account with its roles', async () => {
    const client = new Client(t.app);
    await client.login('boss');
    const account = (await client.request({ method: 'GET', url: '/api/user/account/' })).json();
    expect(account).toMatchObject({ name: 'boss', is_staff: true, is_superuser: false });
    expect(account.last_login).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
