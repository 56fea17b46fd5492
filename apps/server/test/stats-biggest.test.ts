import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makeVideo } from './factories.ts';
import { Client, createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/**
 * Upstream §5: `GET /api/stats/biggestchannels/` answers the top 10 channels only. stats.test.ts has three
 * channels, so nothing there shows the cut; here 13 channels have videos and one has none.
 */
describe.each(ENGINES)('biggest channels: the top 10 of more, on %s', (engine) => {
  let t: TestApp;
  let token: string;
  // channel i has i videos of 10 s each, and (13 - i) kB per video: the orders rank them differently
  const channel = (i: number) => `UC${String(i).padStart(2, '0')}${'x'.repeat(20)}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // API tokens are for staff (upstream's token view is admin-only)
    await createUser(t, { username: 'keeper', staff: true });
    const keeper = new Client(t.app);
    expect((await keeper.login('keeper')).statusCode).toBe(204);
    token = (await keeper.request({ method: 'GET', url: '/api/appsettings/token/' })).json().token;
    const db = t.database.db;
    for (let i = 1; i <= 13; i++) {
      await makeChannel(db, { channel_id: channel(i), channel_name: `channel ${i}` });
      for (let v = 0; v < i; v++)
        await makeVideo(db, { channel_id: channel(i), duration: 10, media_size: (14 - i) * 1000 });
    }
    // subscribed, but nothing of it archived: not a channel of the ranking at all
    await makeChannel(db, { channel_id: channel(0), channel_name: 'empty', channel_subscribed: 1 });
  });
  afterAll(() => t.close());

  // as upstream's clients call it: a token and a JSON content type, no session
  const biggest = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/biggestchannels/${query}`,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; name: string; doc_count: number; media_size: number }[];
  };

  it('gives the 10 with the most videos, most first', async () => {
    const list = await biggest('');
    expect(list.map((c) => c.doc_count)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(list[0]).toMatchObject({ id: channel(13), name: 'Channel 13', media_size: 13 * 1000 });
  });

  it('gives the 10 with the most bytes: another ten', async () => {
    // channel i holds i × (14 - i) kB: 49 for 7, 48 for 6 and 8, 45 for 5 and 9, … 13 for 1 and 13
    const list = await biggest('?order=media_size');
    expect(list).toHaveLength(10);
    expect(list.map((c) => c.media_size)).toEqual(
      [49, 48, 48, 45, 45, 40, 40, 33, 33, 24].map((k) => k * 1000),
    );
    expect(list.map((c) => c.id)).not.toContain(channel(0));
    expect(list.map((c) => c.id)).not.toContain(channel(1));
    expect(list.map((c) => c.id)).not.toContain(channel(13));
  });

  it('leaves out a channel whose videos were all deleted, even with room in the ten', async () => {
    const gone = [1, 2, 3, 4].map(channel);
    const videos = await t.database.db
      .selectFrom('videos')
      .select('youtube_id')
      .where('channel_id', 'in', gone)
      .execute();
    expect(videos).toHaveLength(10);
    for (const { youtube_id } of videos) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/video/${youtube_id}/`,
        headers: { authorization: `Token ${token}` },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    for (const order of ['', '?order=duration', '?order=media_size']) {
      const ids = (await biggest(order)).map((c) => c.id);
      expect(ids, order).toHaveLength(9);
      expect(ids, order).toEqual(expect.not.arrayContaining([channel(0), ...gone]));
    }
  });
});
