import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel } from './factories.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';
import { upstreamTokenClient, type UpstreamClient } from './helpers/upstream-client.ts';

/** GET /api/channel/search/?q= (upstream §1.5), as the browser extension calls it. */
describe.each(ENGINES)('channel search on %s', (engine) => {
  let t: TestApp;
  let client: UpstreamClient;
  const search = (q: string) => client.request('GET', `/api/channel/search/?q=${encodeURIComponent(q)}`);

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    client = await upstreamTokenClient(t, (await createUser(t, { username: 'viewer' })).id);
    await makeChannel(t.database.db, { channel_id: FAKE.alpha.id, channel_name: FAKE.alpha.name });
  });
  afterAll(() => t.close());

  it('finds an archived channel by id, channel URL and @handle', async () => {
    for (const q of [
      FAKE.alpha.id,
      `https://www.youtube.com/channel/${FAKE.alpha.id}`,
      FAKE.alpha.handle,
      `https://www.youtube.com/${FAKE.alpha.handle}/videos`,
    ]) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toMatchObject({ channel_id: FAKE.alpha.id, channel_name: FAKE.alpha.name });
    }
  });

  it('answers upstream’s errors: not a channel 400, unparsable or not archived 404', async () => {
    const video = await search('https://www.youtube.com/watch?v=alphaVid001');
    expect([video.statusCode, video.json()]).toEqual([400, { error: 'expected channel data' }]);
    const garbage = await search('https://example.com/nothing');
    expect([garbage.statusCode, garbage.json()]).toEqual([
      404,
      { error: 'channel not found: https://example.com/nothing' },
    ]);
    const elsewhere = await search(FAKE.bravo.id);
    expect(elsewhere.statusCode).toBe(404);
    const unknownHandle = await search('@nobodyhere');
    expect(unknownHandle.statusCode).toBe(404);
    expect((await client.request('GET', '/api/channel/search/')).statusCode).toBe(400);
  });
});
