import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel } from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe.each(ENGINES)('channel subscription and overwrites on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
  });
  afterAll(() => t.close());

  const post = (id: string, payload: unknown, client = staff) =>
    client.request({ method: 'POST', url: `/api/channel/${id}/`, payload: payload as object });
  const shown = async (id: string) =>
    (await staff.request({ method: 'GET', url: `/api/channel/${id}/` })).json();

  it('subscribes and unsubscribes, answering the validated body', async () => {
    const { channel_id: id } = await makeChannel(t.database.db);
    const res = await post(id, { channel_subscribed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ channel_subscribed: true });
    expect((await shown(id)).channel_subscribed).toBe(true);
    await post(id, { channel_subscribed: false });
    expect((await shown(id)).channel_subscribed).toBe(false);
  });

  it('sets overwrites, keeps the others, and removes a key given null', async () => {
    const { channel_id: id } = await makeChannel(t.database.db, {
      channel_overwrites: JSON.stringify({ autodelete_days: 7 }),
    });
    const res = await post(id, {
      channel_overwrites: {
        download_format: 'bestvideo[height<=720]+bestaudio',
        subscriptions_shorts_channel_size: 0,
        index_playlists: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await shown(id)).channel_overwrites).toEqual({
      autodelete_days: 7,
      download_format: 'bestvideo[height<=720]+bestaudio',
      subscriptions_shorts_channel_size: 0,
      index_playlists: true,
    });
    await post(id, {
      channel_overwrites: { autodelete_days: null, integrate_sponsorblock: false, index_playlists: null },
    });
    expect((await shown(id)).channel_overwrites).toEqual({
      download_format: 'bestvideo[height<=720]+bestaudio',
      subscriptions_shorts_channel_size: 0,
      integrate_sponsorblock: false,
    });
  });

  it('refuses unknown keys, wrong types, other users and unknown channels', async () => {
    const { channel_id: id } = await makeChannel(t.database.db);
    for (const payload of [
      { channel_overwrites: { nonsense: 1 } },
      { channel_overwrites: { autodelete_days: -1 } },
      { channel_overwrites: { subscriptions_channel_size: 'ten' } },
      { channel_subscribed: 'yes' },
      { other: true },
    ]) {
      expect((await post(id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post(id, { channel_subscribed: true }, viewer)).statusCode).toBe(403);
    expect((await post('UCmissing', { channel_subscribed: true })).statusCode).toBe(404);
    expect((await shown(id)).channel_overwrites).toEqual({});
  });
});
