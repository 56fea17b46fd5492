import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';

describe.each(ENGINES)('channel and playlist subscriptions on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  const get = (url: string) => staff.request({ method: 'GET', url });
  const post = (url: string, payload: object, client = staff) =>
    client.request({ method: 'POST', url, payload });
  const taskResult = async (taskId: string) => {
    await t.container.jobs.idle();
    return (await get(`/api/task/by-id/${taskId}/`)).json() as { status: string; result: string };
  };
  const subscribedChannels = async () =>
    ((await get('/api/channel/?filter=subscribed')).json().data as { channel_id: string }[])
      .map((c) => c.channel_id)
      .sort();

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    await t.container.appConfig.update({ downloads: { sleep_interval: 0 } });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('subscribes a batch of handles and video URLs, and reports each bad line', async () => {
    const data = [
      { channel_id: FAKE.alpha.handle, channel_subscribed: true },
      { channel_id: 'https://www.youtube.com/watch?v=bravoVid001', channel_subscribed: true },
      { channel_id: 'not a channel', channel_subscribed: true },
      { channel_id: FAKE.playlist, channel_subscribed: true },
      { channel_id: '@nobodyhere', channel_subscribed: true },
    ];
    const res = await post('/api/channel/', { data });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data, task_id: expect.any(String) });
    const task = await taskResult(res.json().task_id);
    expect(task.status).toBe('SUCCESS');
    expect(task.result).toContain('Subscribed to 2 channels.');
    expect(task.result).toContain('not: not a valid id_str');
    expect(task.result).toContain(`${FAKE.playlist}: expected a channel, got a playlist`);
    expect(task.result).toContain('@nobodyhere: ');
    expect(await subscribedChannels()).toEqual([FAKE.alpha.id, FAKE.bravo.id]);
    const alpha = (await get(`/api/channel/${FAKE.alpha.id}/`)).json();
    expect(alpha).toMatchObject({
      channel_name: FAKE.alpha.name,
      channel_subscribed: true,
      channel_subs: 48200,
      channel_description: 'Woodworking projects, tips and tool care.',
    });
    expect([...alpha.channel_tabs].sort()).toEqual(['shorts', 'streams', 'videos']);
    expect((await get(`/api/channel/${FAKE.bravo.id}/`)).json().channel_tabs.sort()).toEqual([
      'streams',
      'videos',
    ]);
  });

  it('unsubscribes ids at once, without a task', async () => {
    const data = [{ channel_id: FAKE.alpha.id, channel_subscribed: false }];
    const res = await post('/api/channel/', { data });
    expect(res.json()).toEqual({ data });
    expect(await subscribedChannels()).toEqual([FAKE.bravo.id]);
  });

  it('subscribes playlists in a batch, indexing entries and the channel', async () => {
    expect((await post('/api/playlist/', { data: [] })).json()).toEqual({ error: 'nothing to subscribe' });
    const res = await post('/api/playlist/', {
      data: [
        { playlist_id: `https://www.youtube.com/playlist?list=${FAKE.playlist}`, playlist_subscribed: true },
        { playlist_id: 'PLnoSuchPlaylistAnywhere000000001', playlist_subscribed: true },
        { playlist_id: FAKE.charlie.id, playlist_subscribed: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'playlist subscribe task started', task_id: expect.any(String) });
    const task = await taskResult(res.json().task_id);
    expect(task.result).toContain('Subscribed to 1 playlist.');
    expect(task.result).toContain('PLnoSuchPlaylistAnywhere000000001: ');
    expect(task.result).toContain(`${FAKE.charlie.id}: expected a playlist, got a channel`);
    const playlist = (await get(`/api/playlist/${FAKE.playlist}/`)).json();
    expect(playlist).toMatchObject({ playlist_subscribed: true, playlist_channel_id: FAKE.alpha.id });
    expect(playlist.playlist_entries.map((e: { youtube_id: string }) => e.youtube_id)).toEqual([
      'alphaVid001',
      'bravoVid002',
      'charlieS001',
      'alphaVid003',
    ]);
    const unsub = await post('/api/playlist/', {
      data: [{ playlist_id: FAKE.playlist, playlist_subscribed: false }],
    });
    expect(unsub.json()).toEqual({ message: 'playlist unsubscribed' });
    expect((await get(`/api/playlist/${FAKE.playlist}/`)).json().playlist_subscribed).toBe(false);
  });

  it('keeps subscribing to staff', async () => {
    const data = [{ channel_id: FAKE.charlie.id, channel_subscribed: true }];
    expect((await post('/api/channel/', { data }, viewer)).statusCode).toBe(403);
    const playlists = [{ playlist_id: FAKE.playlist, playlist_subscribed: true }];
    expect((await post('/api/playlist/', { data: playlists }, viewer)).statusCode).toBe(403);
  });
});
