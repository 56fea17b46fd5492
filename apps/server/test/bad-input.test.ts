import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** Malformed or hostile bodies on every JSON write route: always a 4xx with a message, never a 500. */
const BAD_BODIES: { name: string; body: string }[] = [
  { name: 'malformed JSON', body: '{"username": ' },
  { name: 'a JSON array', body: '[1,2,3]' },
  { name: 'a JSON string', body: '"hello"' },
  { name: 'null', body: 'null' },
  {
    name: 'wrong types',
    body: JSON.stringify({ username: 5, password: true, page_size: 'x', downloads: 7 }),
  },
  { name: 'unknown keys', body: JSON.stringify({ surprise: 1 }) },
  {
    name: 'oversized fields',
    body: JSON.stringify({ username: 'u'.repeat(100_000), password: 'p'.repeat(100_000) }),
  },
  { name: 'deep nesting', body: '{"a":'.repeat(500) + '1' + '}'.repeat(500) },
];

describe.each(ENGINES)('bad input on %s', (engine) => {
  let t: TestApp;
  let superuser: Client;
  beforeAll(async () => {
    t = await createTestApp(engine);
    superuser = await sessionClient(t, (await createUser(t, { username: 'root', superuser: true })).id);
  });
  afterAll(() => t.close());

  it('answers 400 with an error message for every write route and bad body', async () => {
    const writes = t.app.registeredRoutes.filter(
      // logout takes no body (and would end the caller's session)
      (r) =>
        ['POST', 'PATCH', 'PUT'].includes(r.method) &&
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api/user/logout/',
    );
    expect(writes.length).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const route of writes) {
      for (const { name, body } of BAD_BODIES) {
        const res = await superuser.request({
          method: route.method as 'POST',
          url: route.url.replace(/:(\w+)/g, '1'),
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        const error = String(res.headers['content-type']).includes('json') ? res.json().error : undefined;
        const acceptable =
          res.statusCode >= 400 && res.statusCode < 500 && typeof error === 'string' && error !== '';
        if (!acceptable)
          problems.push(
            `${route.method} ${route.url} with ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a request body over the size limit with 413', async () => {
    const res = await superuser.request({
      method: 'POST',
      url: '/api/user/me/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ stylesheet: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBeTruthy();
  });

  it.each([
    '/api/channel/a%00b/',
    '/api/video/a%00b/similar/',
    '/api/task/by-id/a%00b/',
    '/api/playlist/a%00b/',
  ])(
    'answers %s (a NUL in an id, which PostgreSQL text cannot hold) with a 4xx, never a 500',
    async (url) => {
      const res = await superuser.request({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().error).toBeTruthy();
    },
  );

  it('answers a NUL inside a JSON string value with a 4xx, never a 500', async () => {
    const res = await superuser.request({
      method: 'POST',
      url: '/api/playlist/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { create: 'Mix\u0000tape' } }),
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
