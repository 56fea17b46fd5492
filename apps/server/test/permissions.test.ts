import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { decide, type Permission } from '../src/http/permissions.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/**
 * Walks every route the server registers, so routes added later are covered without editing this file.
 * Each request gets a fresh session: some routes (logout, token revoke) end the caller's credentials.
 */
const ROLES = ['anonymous', 'user', 'staff', 'superuser'] as const;
type Role = (typeof ROLES)[number];

/** Path parameters get values that name nothing, so writes cannot destroy the callers themselves. */
const concreteUrl = (url: string) => url.replace(/\*$/, 'anything').replace(/:(\w+)/g, '999999');

function expectedDecision(permission: Permission, role: Role, method: string) {
  const user =
    role === 'anonymous'
      ? null
      : { is_staff: role === 'user' ? 0 : 1, is_superuser: role === 'superuser' ? 1 : 0 };
  return decide(permission, user as never, method);
}

describe.each(ENGINES)('permission matrix over every registered route on %s', (engine) => {
  let t: TestApp;
  const userIds = new Map<Role, number>();
  beforeAll(async () => {
    t = await createTestApp(engine);
    userIds.set('user', (await createUser(t, { username: 'plain' })).id);
    userIds.set('staff', (await createUser(t, { username: 'staffer', staff: true })).id);
    userIds.set('superuser', (await createUser(t, { username: 'super', superuser: true })).id);
  });
  afterAll(() => t.close());

  it('registers the API routes with a declared permission', () => {
    const urls = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/ping/', 'POST /api/user/login/', 'GET /api/appsettings/config/']),
    );
    expect(t.app.registeredRoutes.length).toBeGreaterThan(15);
  });

  it('gives each role exactly the access its permission declares, and never a 500', async () => {
    const failures: string[] = [];
    const check = async (route: RegisteredRoute, role: Role) => {
      const client: Client | undefined =
        role === 'anonymous' ? undefined : await sessionClient(t, userIds.get(role)!);
      const options = {
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        ...(!['GET', 'DELETE', 'OPTIONS'].includes(route.method) && { payload: {} }),
      };
      const res = client ? await client.request(options) : await t.app.inject(options);
      const decision = expectedDecision(route.permission as Permission, role, route.method);
      const denied = res.statusCode === 403;
      if (decision === 'allow' && denied)
        failures.push(`${role} ${route.method} ${route.url}: 403, expected access`);
      if (decision !== 'allow' && !denied)
        failures.push(`${role} ${route.method} ${route.url}: ${res.statusCode}, expected 403`);
      if (res.statusCode >= 500)
        failures.push(`${role} ${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
    };
    for (const route of t.app.registeredRoutes) {
      for (const role of ROLES) await check(route, role);
    }
    expect(failures).toEqual([]);
  });

  it('keeps the declared matrix honest for the spec examples', () => {
    const permissionOf = (method: string, url: string) =>
      t.app.registeredRoutes.find((r) => r.method === method && r.url === url)?.permission;
    expect(permissionOf('POST', '/api/user/login/')).toBe('public');
    expect(permissionOf('GET', '/api/ping/')).toBe('authenticated');
    expect(permissionOf('POST', '/api/appsettings/config/')).toBe('adminWrite');
    expect(permissionOf('GET', '/api/appsettings/token/')).toBe('adminOnly');
    expect(permissionOf('POST', '/api/admin/users/')).toBe('superuserWrite');
  });
});
