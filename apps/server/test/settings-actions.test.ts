import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** The task Settings: Actions starts that only it names: "embed thumbnails" (resync_thumbs). */
describe.each(ENGINES)('Settings: Actions tasks on %s', (engine) => {
  let t: TestApp;
  let token: string;
  const call = async (method: 'GET' | 'POST', url: string) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.container.auth.getOrCreateToken((await createUser(t, { username: 'k', staff: true })).id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('starts resync_thumbs by name, which embeds thumbnails and metadata as resync_metadata does', async () => {
    const started = await call('POST', '/api/task/by-name/resync_thumbs/');
    expect(started).toEqual({ status: 200, body: { task_id: expect.any(String), status: 'PENDING' } });
    await t.container.jobs.idle();
    const run = await call('GET', `/api/task/by-id/${started.body.task_id}/`);
    expect(run.body).toMatchObject({ name: 'resync_thumbs', status: 'SUCCESS' });
    expect(run.body.result).toMatch(/^embedded metadata into 0 of 0 videos/);
  });
});
