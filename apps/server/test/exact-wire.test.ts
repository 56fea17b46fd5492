import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pingResponse, searchResponse, statsVideo, videoList } from '@tubekeeper/contract';
import { exactWireSerializer, wireCheckOn } from '../src/http/exact-wire.ts';
import { makeChannel, makePlaylist, makeProgress, makeSubtitle, makeVideo, makeWatch } from './factories.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { seedSearchLibrary } from './search/search-seed.ts';

// The hot reads (config.exactWire) write their handler's answer with JSON.stringify alone: these tests hold
// them to exactly what their zod schema would have answered, byte for byte, with every optional part there.
describe.each(ENGINES)('exact-wire routes on %s', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const user = await createUser(t, { username: 'api-client' });
    headers = { authorization: `Token ${await t.container.auth.getOrCreateToken(user.id)}` };
    const channelId = (
      await makeChannel(db, {
        channel_name: 'Full',
        channel_subscribed: 1,
        channel_overwrites: JSON.stringify({ index_playlists: true, autodelete_days: 3, unknown: 1 }),
      })
    ).channel_id;
    // stored key orders differ from the schema's on purpose; the sponsorblock keeps keys of its own
    const full = await makeVideo(db, {
      channel_id: channelId,
      streams: JSON.stringify([
        { width: 1920, height: 1080, type: 'video', index: 0, codec: 'vp9', bitrate: 2_000_000, fps: 30 },
        { index: 1, type: 'audio', codec: 'opus', bitrate: 160_000 },
      ]),
      sponsorblock: JSON.stringify({
        segments: [{ UUID: 'u1', segment: [1, 2], category: 'sponsor', actionType: 'skip', votes: 3 }],
        zeta: 'kept',
        last_refresh: 1_700_000_000,
        is_enabled: true,
        has_unlocked: false,
        alpha: { nested: true },
      }),
    });
    await makeWatch(db, user.id, full.youtube_id, Date.UTC(2025, 1, 2));
    const resumed = await makeVideo(db, {
      channel_id: channelId,
      sponsorblock: JSON.stringify({ segments: [] }),
    });
    await makeProgress(db, user.id, resumed.youtube_id, 12.5);
    await makeSubtitle(db, full, 'en');
    await makePlaylist(db, { playlist_id: 'PLfull', entries: [full.youtube_id, resumed.youtube_id] });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('answers the video list exactly as its schema would, optional parts included', async () => {
    const body = await get('/api/video/?sort=published&order=asc');
    expect(body).toBe(JSON.stringify(videoList.parse(JSON.parse(body))));
    const [full, resumed] = (JSON.parse(body) as z.infer<typeof videoList>).data;
    expect(full!.sponsorblock).toMatchObject({ zeta: 'kept', alpha: { nested: true }, has_unlocked: false });
    expect(full!.streams[0]).toEqual({
      bitrate: 2_000_000,
      codec: 'vp9',
      height: 1080,
      index: 0,
      type: 'video',
      width: 1920,
    });
    expect(full!.player.watched_date).toBe(Date.UTC(2025, 1, 2) / 1000);
    expect(full!.subtitles).toHaveLength(1);
    expect(resumed!.player).toMatchObject({ position: 12.5 });
    expect(resumed!.playlist).toEqual(['PLfull']);
  });

  it('answers ping and the statistics exactly as their schemas would', async () => {
    const ping = await get('/api/ping/');
    expect(ping).toBe(JSON.stringify(pingResponse.parse(JSON.parse(ping))));
    const stats = await get('/api/stats/video/');
    expect(stats).toBe(JSON.stringify(statsVideo.parse(JSON.parse(stats))));
  });
});

// the search answers every section's documents with its hit meta (_index, _score) first, as the hit schemas
// have it; a channel document has none of its own, a video or playlist document has it (documentMeta)
describe.each(ENGINES)('the exact-wire search on %s', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedSearchLibrary(t.database.db);
    const user = await createUser(t, { username: 'search-client' });
    headers = { authorization: `Token ${await t.container.auth.getOrCreateToken(user.id)}` };
  });
  afterAll(() => t.close());

  it.each([
    ['simple', 'bread', ['video_results', 'playlist_results']],
    ['simple', 'cooking', ['channel_results']],
    ['playlist', 'playlist:bread', ['playlist_results']],
    ['full', 'full:golden brown', ['fulltext_results']],
    ['comment', 'comment:recipe', ['comment_results']],
  ] as const)('answers a %s search (%s) exactly as its schema would', async (_type, query, sections) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search/?query=${encodeURIComponent(query)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(JSON.stringify(searchResponse.parse(JSON.parse(res.body))));
    const results = (JSON.parse(res.body) as z.infer<typeof searchResponse>).results;
    for (const section of sections) {
      const hits = results[section] as { _index: string; _score: number }[];
      expect(hits.length, section).toBeGreaterThan(0);
      expect(Object.keys(hits[0]!).slice(0, 2), section).toEqual(['_index', '_score']);
    }
  });
});

describe('exactWireSerializer', () => {
  const schema = z.object({ a: z.number(), b: z.string() });
  const answers = {
    exact: { a: 1, b: 'x' },
    reordered: { b: 'x', a: 1 },
    extra: { a: 1, b: 'x', secret: 'hash' },
  };

  async function appWith(check: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    for (const [name, answer] of Object.entries(answers)) {
      app.get(
        `/${name}`,
        { schema: { response: { 200: schema } }, serializerCompiler: exactWireSerializer(check) },
        () => answer,
      );
    }
    await app.ready();
    return app;
  }

  it('with the check on (tests, development), fails a handler that strays from its schema', async () => {
    expect(wireCheckOn()).toBe(true); // the sources check: the route tests above ran with it
    const app = await appWith(true);
    expect((await app.inject('/exact')).body).toBe('{"a":1,"b":"x"}');
    // a key the schema would have dropped or put elsewhere is a 500, so the handler's test catches it
    expect((await app.inject('/reordered')).statusCode).toBe(500);
    expect((await app.inject('/extra')).statusCode).toBe(500);
    await app.close();
  });

  it('with the check off (the bundle), writes the answer as it is', async () => {
    const app = await appWith(false);
    expect((await app.inject('/exact')).body).toBe('{"a":1,"b":"x"}');
    expect((await app.inject('/reordered')).body).toBe('{"b":"x","a":1}');
    await app.close();
  });
});
