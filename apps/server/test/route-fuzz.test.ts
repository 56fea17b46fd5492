import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/**
 * Property fuzz over every route of docs/openapi.json: wrong types, unknown keys, huge and deeply nested
 * bodies, odd query values, odd path parameters (NUL, encoded separators, `..`), bodiless requests with a
 * JSON content type, as anonymous, user and staff over session and token. No answer may be a 5xx, and the
 * server must still answer afterwards. TK_FUZZ_CASES sets the number of cases (default 3000).
 */
const CASES = Number(process.env.TK_FUZZ_CASES ?? 3000);

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyKeys: string[];
}

function operations(): Operation[] {
  const spec = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const result: Operation[] = [];
  for (const [route, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string }[];
      const body = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
        ?.content?.['application/json']?.schema;
      result.push({
        method: method.toUpperCase(),
        path: route,
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(body?.properties ?? {}),
      });
    }
  }
  return result;
}

const ODD_TEXT = [
  '',
  ' ',
  '%00',
  'a%00b',
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%2f',
  '%5c',
  '%',
  '%zz',
  '%E0%A4%A',
  '-1',
  '0',
  '1e308',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%F0%9F%92%A9',
  "'; DROP TABLE videos; --",
  '<script>alert(1)</script>',
];

const oddSegment = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.integer().map(String),
  fc.string({ minLength: 600, maxLength: 2000 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/),
  fc.constantFrom('download_pending', 'update_subscribed', 'check_reindex', 'UCfakeAlphaChannel000001'),
);

const scalar = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...ODD_TEXT),
);

/** Nested a few hundred levels: parsers and validators must not fall over. */
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

function bodyArbitrary(keys: string[]): fc.Arbitrary<InjectOptions['payload'] | undefined> {
  const known = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 10 });
  const anyKey = fc.oneof(known, fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor'));
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 5 }), fc.dictionary(fc.string(), scalar));
  return fc.oneof(
    fc.constant(undefined), // bodiless, still with the JSON content type
    fc.dictionary(anyKey, value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    deep.map((v) => JSON.stringify(v)),
    fc.integer({ min: 10_000, max: 600_000 }).map((n) => JSON.stringify({ [keys[0] ?? 'x']: 'x'.repeat(n) })),
    fc.constantFrom('{', '{"a":', 'null', '""', '[]', '{"a":1}{', '\u0000', 'nul\u0000l', '1e999999'),
  );
}

function queryArbitrary(names: string[]): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  const pair = fc.tuple(name, fc.oneof(oddSegment, scalar.map(String)));
  return fc
    .array(pair, { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
}

type Identity = 'anonymous' | 'user-session' | 'staff-session' | 'user-token' | 'staff-token';
const IDENTITIES: Identity[] = ['anonymous', 'user-session', 'staff-session', 'user-token', 'staff-token'];

describe.each(ENGINES)('route fuzz on %s', (engine) => {
  let t: TestApp;
  const ids: Record<'user' | 'staff', number> = { user: 0, staff: 0 };
  const secrets = {
    session: { user: randomBytes(24).toString('hex'), staff: randomBytes(24).toString('hex') },
    token: { user: randomBytes(20).toString('hex'), staff: randomBytes(20).toString('hex') },
  };
  const csrf = randomBytes(16).toString('hex');

  /**
   * Puts the fuzz users back as they were: a case may have disabled them, set a password, revoked a token or
   * deleted them (a staff case's DELETE /api/admin/users/{id}/ drawing the id of a fuzz user).
   */
  async function restoreIdentities() {
    const db = t.database.db;
    for (const who of ['user', 'staff'] as const) {
      const staff = who === 'staff' ? 1 : 0;
      const exists = await db.selectFrom('users').select('id').where('id', '=', ids[who]).executeTakeFirst();
      if (!exists) ids[who] = (await createUser(t, { username: `fuzz-${who}` })).id;
      await db
        .updateTable('users')
        .set({ is_active: 1, is_staff: staff, is_superuser: staff })
        .where('id', '=', ids[who])
        .execute();
      const hash = createHash('sha256').update(secrets.session[who]).digest('hex');
      await db.deleteFrom('sessions').where('key_hash', '=', hash).execute();
      await t.container.repositories.sessions.insert(hash, ids[who], Date.now(), Date.now() + 3_600_000);
      await db.deleteFrom('api_tokens').where('user_id', '=', ids[who]).execute();
      await db
        .insertInto('api_tokens')
        .values({ user_id: ids[who], key: secrets.token[who], created_at: Date.now() })
        .execute();
    }
  }

  function authHeaders(identity: Identity): Record<string, string> {
    if (identity === 'anonymous') return {};
    const who = identity.startsWith('staff') ? 'staff' : 'user';
    if (identity.endsWith('token')) return { authorization: `Token ${secrets.token[who]}` };
    return { cookie: `sessionid=${secrets.session[who]}; csrftoken=${csrf}`, 'x-csrftoken': csrf };
  }

  beforeAll(async () => {
    // no provider and no outside services: tasks a case starts fail fast instead of working
    t = await createTestApp(engine, {
      YTDLP_PATH: path.join(REPO_ROOT, 'no-such-yt-dlp'),
      TK_SPONSORBLOCK_URL: 'http://127.0.0.1:9',
      TK_RYD_URL: 'http://127.0.0.1:9',
    });
    ids.user = (await createUser(t, { username: 'fuzz-user' })).id;
    ids.staff = (await createUser(t, { username: 'fuzz-staff', staff: true, superuser: true })).id;
    await restoreIdentities();
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it(
    `answers no 5xx over ${CASES} cases across every route, identity and odd input`,
    { timeout: 600_000 },
    async () => {
      const ops = operations();
      expect(ops.length).toBeGreaterThan(60);
      // Every operation is fuzzed as every identity: drawn at random, 3000 cases over ~100 operations and 5
      // identities left one or two of the ~500 pairs untried in a typical run. So the pairs are walked in turn,
      // each with its share of the cases, and only the inputs are drawn.
      const pairs = ops.flatMap((op) => IDENTITIES.map((identity) => ({ op, identity })));
      const perPair = Math.ceil(CASES / pairs.length);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const tried = new Set<string>();
      let cases = 0;
      for (const { op, identity } of pairs) {
        const input = fc.record({
          segments: fc.array(oddSegment, { minLength: 3, maxLength: 3 }),
          query: queryArbitrary(op.query),
          body: bodyArbitrary(op.bodyKeys),
          contentType: fc.constantFrom(
            'application/json',
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
          ),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ segments, query, body, contentType }) => {
            cases++;
            tried.add(`${identity} ${op.method} ${op.path}`);
            let segment = 0;
            let url = op.path.replace(/\{[^}]+\}/g, () => segments[segment++] ?? 'x');
            if (url.includes('*')) url = `/${segments.join('/')}`;
            if (query) url += `?${query}`;
            const res = await t.app.inject({
              method: op.method as InjectOptions['method'],
              url,
              headers: { 'content-type': contentType, ...authHeaders(identity) },
              ...(body !== undefined && op.method !== 'GET' && { payload: body }),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) {
              failures.push(
                `${identity} ${op.method} ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            }
            if (op.method !== 'GET' && identity !== 'anonymous') await restoreIdentities();
          }),
          { numRuns: perPair, endOnFailure: false },
        );
      }
      await t.container.jobs.idle();
      const summary = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
      console.log(
        `route fuzz (${engine}): ${cases} cases over ${ops.length} operations, ${tried.size} of ` +
          `${pairs.length} (operation, identity) pairs tried, ${failures.length} 5xx; ${summary}`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(cases).toBeGreaterThanOrEqual(CASES);
      expect(pairs.length).toBe(ops.length * IDENTITIES.length);
      expect(tried.size).toBe(pairs.length);
      const ping = await t.app.inject({
        method: 'GET',
        url: '/api/ping/',
        headers: authHeaders('user-token'),
      });
      expect(ping.statusCode).toBe(200);
    },
  );
});
