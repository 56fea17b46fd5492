import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildApp, type TubekeeperApp } from '../src/app.ts';
import { createContainer } from '../src/container.ts';
import { LoginFailureRepository } from '../src/repositories/login-failure.repository.ts';
import { LoginThrottle } from '../src/services/login-throttle.ts';
import { Client, createTestApp, createUser, sessionClient, type TestApp } from './helpers/app.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

const RIGHT = 'correct horse battery';

function attempt(t: TestApp, username: string, password: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login/',
    remoteAddress: '10.1.1.1',
    payload: { username, password, remember_me: 'off' },
    ...extra,
  });
}

describe.each(ENGINES)('sign-in hardening on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { TK_HOST: 'tube.example.org' });
    for (const username of ['alice', 'bob', 'carol', 'dave', 'erin']) await createUser(t, { username });
    await createUser(t, { username: 'boss', staff: true, superuser: true });
    const disabled = await createUser(t, { username: 'gone' });
    await t.container.userAdmin.update(disabled.id, { is_active: false });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from an untrusted peer: a new value per attempt does not reset the throttle', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await attempt(t, 'alice', 'wrong', {
        remoteAddress: '10.2.2.2',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await attempt(t, 'alice', 'wrong', {
      remoteAddress: '10.2.2.2',
      headers: { 'x-forwarded-for': '192.0.2.99' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('ignores X-Forwarded-Host from an untrusted peer: the TK_HOST check still applies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ping/',
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'tube.example.org' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Invalid host header/);
  });

  it('sends 429 with Retry-After, and a correct password of another user on the same address still signs in', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(t, 'bob', 'wrong')).statusCode).toBe(400);
    const blocked = await attempt(t, 'bob', RIGHT);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(blocked.json().error).toMatch(/Try again in \d+ seconds/);
    // the other people behind 10.1.1.1 are not locked out
    expect((await attempt(t, 'carol', RIGHT)).statusCode).toBe(204);
    // nor is bob from elsewhere
    expect((await attempt(t, 'bob', RIGHT, { remoteAddress: '10.3.3.3' })).statusCode).toBe(204);
  });

  it('limits an address guessing across usernames, but lets a correct password through', async () => {
    const address = '10.4.4.4';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await attempt(t, `nobody${i}`, 'wrong', { remoteAddress: address })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const wrong = await attempt(t, 'dave', 'wrong', { remoteAddress: address });
    expect(wrong.statusCode).toBe(429);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(t, 'erin', RIGHT, { remoteAddress: address })).statusCode).toBe(204);
  });

  it('takes as long for an unknown or disabled user as for a wrong password of a real one', async () => {
    // The three kinds are timed in turn, round after round, so a burst of load on a shared machine falls on all
    // of them alike instead of on one kind's block; the median of each kind's rounds is compared.
    const users = ['carol', 'no-such-user', 'gone'] as const;
    const times = new Map<string, number[]>(users.map((u) => [u, []]));
    for (let round = 0; round < 5; round++) {
      for (const username of users) {
        const start = performance.now();
        const res = await attempt(t, username, 'wrong', {
          remoteAddress: `10.5.${round}.${username.length}`,
        });
        times.get(username)!.push(performance.now() - start);
        expect(res.statusCode).toBe(400);
      }
    }
    const median = (username: string) => times.get(username)!.sort((a, b) => a - b)[2]!;
    const known = median('carol');
    const unknown = median('no-such-user');
    const disabled = median('gone');
    // one scrypt hash is tens of milliseconds; skipping it answered in ~3 ms
    expect(unknown).toBeGreaterThan(known * 0.5);
    expect(disabled).toBeGreaterThan(known * 0.5);
  });

  it('a new password set by an admin ends every session and the API token of that user', async () => {
    const victim = await createUser(t, { username: 'frank', staff: true });
    const client = new Client(t.app);
    expect((await client.login('frank')).statusCode).toBe(204);
    const { token } = (await client.request({ method: 'GET', url: '/api/appsettings/token/' })).json();
    const headers = { authorization: `Token ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/', headers })).statusCode).toBe(200);

    const admin = new Client(t.app);
    await admin.login('boss');
    const patch = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${victim.id}/`,
      payload: { password: 'a brand new secret' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/', headers })).statusCode).toBe(403);
    expect((await client.request({ method: 'GET', url: '/api/ping/' })).statusCode).toBe(403);
  });

  it('users setting their own new password stay signed in there; their other sessions and token end', async () => {
    const me = await createUser(t, { username: 'grace', staff: true, superuser: true });
    const here = new Client(t.app);
    const elsewhere = new Client(t.app);
    await here.login('grace');
    await elsewhere.login('grace');
    const { token } = (await here.request({ method: 'GET', url: '/api/appsettings/token/' })).json();
    const patch = await here.request({
      method: 'PATCH',
      url: `/api/admin/users/${me.id}/`,
      payload: { password: 'my own new secret' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await here.request({ method: 'GET', url: '/api/ping/' })).statusCode).toBe(200);
    expect((await elsewhere.request({ method: 'GET', url: '/api/ping/' })).statusCode).toBe(403);
    const byToken = await t.app.inject({
      method: 'GET',
      url: '/api/ping/',
      headers: { authorization: `Token ${token}` },
    });
    expect(byToken.statusCode).toBe(403);
  });
});

describe.each(ENGINES)('behind a trusted reverse proxy on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { TK_TRUSTED_PROXIES: '10.9.0.0/16', TK_HOST: 'tube.example.org' });
    await createUser(t, { username: 'alice' });
  });
  afterAll(() => t.close());

  const viaProxy = (client: string) => ({
    remoteAddress: '10.9.0.1',
    headers: { 'x-forwarded-for': client, 'x-forwarded-host': 'tube.example.org', host: 'backend:8000' },
  });

  it('counts failures per forwarded client address, so one client does not block another behind the proxy', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt(t, 'alice', 'wrong', viaProxy('198.51.100.1'))).statusCode).toBe(400);
    }
    expect((await attempt(t, 'alice', 'wrong', viaProxy('198.51.100.1'))).statusCode).toBe(429);
    expect((await attempt(t, 'alice', RIGHT, viaProxy('198.51.100.2'))).statusCode).toBe(204);
  });

  it('believes X-Forwarded-Host from the proxy only', async () => {
    const ping = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/ping/',
        remoteAddress,
        headers: { host: 'backend:8000', 'x-forwarded-host': 'tube.example.org' },
      });
    expect((await ping('10.9.0.1')).statusCode).toBe(403); // past the host check, not signed in
    expect((await ping('10.10.0.1')).statusCode).toBe(400);
  });
});

describe.each(ENGINES)('the CSRF origin check without TK_HOST on %s', (engine) => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { TK_TRUSTED_PROXIES: '10.9.0.1' });
    id = (await createUser(t, { username: 'alice' })).id;
  });
  afterAll(() => t.close());

  /** A session call from a page at https://evil.example, claiming through forwarded headers to be it. */
  const fromEvil = async (remoteAddress: string) =>
    (await sessionClient(t, id)).request({
      method: 'POST',
      url: '/api/user/me/',
      remoteAddress,
      payload: { grid_items: 4 },
      headers: {
        host: 'tube.example.org',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });

  it('ignores X-Forwarded-Host and -Proto from an untrusted peer: a foreign origin is still refused', async () => {
    const res = await fromEvil('10.2.2.2');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Origin checking failed - https:\/\/evil\.example does not match/);
  });

  it('believes them from a trusted proxy (which sets them from the real request)', async () => {
    expect((await fromEvil('10.9.0.1')).statusCode).toBe(200);
  });
});

describe('TK_TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR ranges, separated by spaces or commas', () => {
    const config = loadConfig({ TK_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8 fd00::/8' });
    expect(config.trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', 'true']) {
      expect(() => loadConfig({ TK_TRUSTED_PROXIES: bad })).toThrow(/TK_TRUSTED_PROXIES/);
    }
  });
});

describe.each(ENGINES)('login throttle back-off, counted in the database (%s)', (engine) => {
  let database: TestDatabase;
  let store: LoginFailureRepository;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = new LoginFailureRepository(database.db);
  });
  afterAll(() => database.cleanup());

  it('doubles the wait of a (address, username) pair with each further failure, up to the cap', async () => {
    const throttle = new LoginThrottle(store, { pairFree: 3, baseDelayMs: 1000, maxDelayMs: 8000 });
    let now = 0;
    for (let i = 0; i < 3; i++) expect(await throttle.admit('a', 'u', now)).toBe(0);
    expect(await throttle.admit('a', 'u', now)).toBe(1);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      now += 100_000;
      expect(await throttle.admit('a', 'u', now)).toBe(0);
      waits.push(await throttle.admit('a', 'u', now));
    }
    expect(waits).toEqual([2, 4, 8, 8, 8]);
    expect(await throttle.admit('b', 'u', now)).toBe(0);
    await throttle.recordSuccess('a', 'u');
    expect(await throttle.admit('a', 'u', now)).toBe(0);
  });

  it('backs off a username guessed from many addresses', async () => {
    const throttle = new LoginThrottle(store, { userFree: 5, baseDelayMs: 60_000 });
    for (let i = 0; i < 5; i++) expect(await throttle.admit(`addr${i}`, 'victim', 0)).toBe(0);
    expect(await throttle.admit('fresh-address', 'victim', 0)).toBe(60);
    expect(await throttle.admit('fresh-address', 'someone-else', 0)).toBe(0);
  });

  it('is shared: a second process (its own throttle) continues the count of the first', async () => {
    const limits = { pairFree: 4, baseDelayMs: 10_000 };
    const first = new LoginThrottle(store, limits);
    const second = new LoginThrottle(new LoginFailureRepository(database.db), limits);
    for (let i = 0; i < 4; i++) expect(await (i % 2 ? first : second).admit('c', 'shared', 0)).toBe(0);
    expect(await first.admit('c', 'shared', 0)).toBe(10);
    expect(await second.admit('c', 'shared', 0)).toBe(10);
  });

  it('counts each of many attempts at once, so no more than the free ones get through', async () => {
    const throttle = new LoginThrottle(store, { pairFree: 5, baseDelayMs: 10_000 });
    const waits = await Promise.all(Array.from({ length: 40 }, () => throttle.admit('d', 'rush', 0)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w === 10)).toHaveLength(35);
  });

  it('keeps an address window, and forgets counters an hour old', async () => {
    const throttle = new LoginThrottle(store, { addressMax: 2, addressWindowMs: 60_000 });
    expect(await throttle.recordFailure('e', 0)).toBe(0);
    expect(await throttle.recordFailure('e', 1000)).toBe(0);
    expect(await throttle.recordFailure('e', 2000)).toBe(58);
    expect(await throttle.recordFailure('e', 60_000)).toBe(0);
    expect(await throttle.admit('f', 'old', 0)).toBe(0);
    const before = await database.db.selectFrom('login_failures').select('key').execute();
    expect(before.length).toBeGreaterThan(0);
    // a new process sweeps at its first attempt: every counter above (and of the tests before) was last
    // changed more than an hour before this one
    await new LoginThrottle(store).admit('g', 'late', 10_000_000);
    const after = await database.db.selectFrom('login_failures').select('key').execute();
    expect(after).toHaveLength(2);
  });
});

describe.each(ENGINES)('two API processes on one database (%s)', (engine) => {
  let t: TestApp;
  let other: TubekeeperApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await createUser(t, { username: 'alice' });
    // a second server on the same database: its own container, throttle and Fastify instance
    other = await buildApp(createContainer(t.container.config, t.database));
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('a username guessed through both is throttled after the limit, not twice the limit', async () => {
    const via = (app: TubekeeperApp, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login/',
        remoteAddress: '10.7.7.7',
        payload: { username: 'alice', password, remember_me: 'off' },
      });
    for (let i = 0; i < 10; i++) expect((await via(i % 2 ? t.app : other, 'wrong')).statusCode).toBe(400);
    const first = await via(t.app, RIGHT);
    const second = await via(other, RIGHT);
    expect([first.statusCode, second.statusCode]).toEqual([429, 429]);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('many wrong passwords sent at once: no more than the free ones are checked', async () => {
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? t.app : other).inject({
          method: 'POST',
          url: '/api/user/login/',
          remoteAddress: '10.8.8.8',
          payload: { username: 'alice', password: `guess ${i}`, remember_me: 'off' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});
