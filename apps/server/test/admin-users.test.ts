import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, sessionClient, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe.each(ENGINES)('user management on %s', (engine) => {
  let t: TestApp;
  let root: Client;
  let staff: Client;
  let rootId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    rootId = (await createUser(t, { username: 'root', superuser: true })).id;
    root = await sessionClient(t, rootId);
    staff = await sessionClient(t, (await createUser(t, { username: 'helper', staff: true })).id);
  });
  afterAll(() => t.close());

  it('lets a superuser create a user who can then sign in', async () => {
    const res = await root.request({
      method: 'POST',
      url: '/api/admin/users/',
      payload: { username: 'newbie', password: 'long enough pw' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'newbie',
      is_staff: false,
      is_superuser: false,
      is_active: true,
    });
    expect((await new Client(t.app).login('newbie', 'long enough pw')).statusCode).toBe(204);
  });

  it('refuses a duplicate name (409) and a short password (400)', async () => {
    const dup = await root.request({
      method: 'POST',
      url: '/api/admin/users/',
      payload: { username: 'newbie', password: 'long enough pw' },
    });
    expect(dup.statusCode).toBe(409);
    const short = await root.request({
      method: 'POST',
      url: '/api/admin/users/',
      payload: { username: 'x', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('password');
  });

  it('shows staff the list but refuses their changes', async () => {
    const list = await staff.request({ method: 'GET', url: '/api/admin/users/' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['root', 'helper', 'newbie']),
    );
    const create = await staff.request({
      method: 'POST',
      url: '/api/admin/users/',
      payload: { username: 'sneaky', password: 'long enough pw' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('sets roles, resets a password and deletes a user', async () => {
    const { data } = (await root.request({ method: 'GET', url: '/api/admin/users/' })).json();
    const newbie = data.find((u: { username: string }) => u.username === 'newbie');
    const promoted = await root.request({
      method: 'PATCH',
      url: `/api/admin/users/${newbie.id}/`,
      payload: { is_staff: true },
    });
    expect(promoted.json().is_staff).toBe(true);
    await root.request({
      method: 'PATCH',
      url: `/api/admin/users/${newbie.id}/`,
      payload: { password: 'a brand new one' },
    });
    expect((await new Client(t.app).login('newbie', 'long enough pw')).statusCode).toBe(400);
    expect((await new Client(t.app).login('newbie', 'a brand new one')).statusCode).toBe(204);
    expect((await root.request({ method: 'DELETE', url: `/api/admin/users/${newbie.id}/` })).statusCode).toBe(
      204,
    );
    expect((await root.request({ method: 'DELETE', url: `/api/admin/users/${newbie.id}/` })).statusCode).toBe(
      404,
    );
  });

  it('keeps a superuser staff: promoting sets staff, removing staff alone does not', async () => {
    const created = (
      await root.request({
        method: 'POST',
        url: '/api/admin/users/',
        payload: { username: 'lead', password: 'long enough pw' },
      })
    ).json();
    const promoted = await root.request({
      method: 'PATCH',
      url: `/api/admin/users/${created.id}/`,
      payload: { is_superuser: true },
    });
    expect(promoted.json()).toMatchObject({ is_superuser: true, is_staff: true });
    const unstaffed = await root.request({
      method: 'PATCH',
      url: `/api/admin/users/${created.id}/`,
      payload: { is_staff: false },
    });
    expect(unstaffed.json()).toMatchObject({ is_superuser: true, is_staff: true });
    await root.request({ method: 'DELETE', url: `/api/admin/users/${created.id}/` });
  });

  it('never removes, disables or demotes the last active superuser', async () => {
    for (const payload of [{ is_superuser: false }, { is_active: false }]) {
      const res = await root.request({ method: 'PATCH', url: `/api/admin/users/${rootId}/`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/last active superuser/);
    }
    expect((await root.request({ method: 'DELETE', url: `/api/admin/users/${rootId}/` })).statusCode).toBe(
      400,
    );
    // with a second superuser the first may step down
    await root.request({
      method: 'POST',
      url: '/api/admin/users/',
      payload: { username: 'root2', password: 'long enough pw', is_superuser: true },
    });
    const demote = await root.request({
      method: 'PATCH',
      url: `/api/admin/users/${rootId}/`,
      payload: { is_superuser: false },
    });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().is_superuser).toBe(false);
  });
});
