import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from '../helpers/app.ts';
import { ENGINES } from '../helpers/database.ts';
import { IDS, seedSearchLibrary } from './search-seed.ts';

type Section =
  'video_results' | 'channel_results' | 'playlist_results' | 'fulltext_results' | 'comment_results';
const ID_OF: Record<Section, string> = {
  video_results: 'youtube_id',
  channel_results: 'channel_id',
  playlist_results: 'playlist_id',
  fulltext_results: 'subtitle_fragment_id',
  comment_results: 'comment_id',
};
const SECTIONS = Object.keys(ID_OF) as Section[];
const MARK = (word: string) => `<span class="settings-current">${word}</span>`;

describe.each(ENGINES)('GET /api/search/ on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  beforeAll(async () => {
    t = await createTestApp(engine);
    user = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    await seedSearchLibrary(t.database.db);
  });
  afterAll(() => t.close());

  const search = (query: string, extra = '') =>
    user.request({ method: 'GET', url: `/api/search/?query=${encodeURIComponent(query)}${extra}` });
  /** The ids of every section, in answer order; empty sections left out. */
  const found = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    const out: Partial<Record<Section, string[]>> = {};
    for (const section of SECTIONS) {
      const ids = results[section].map((hit: Record<string, string>) => hit[ID_OF[section]]);
      if (ids.length) out[section] = ids;
    }
    return out;
  };

  it.each<[string, Partial<Record<Section, string[]>>]>([
    // simple: titles and names by prefix, all three kinds at once
    ['bread', { video_results: [IDS.sourdough], playlist_results: [IDS.breadList] }],
    ['cook', { channel_results: [IDS.cook] }],
    ['orbital mech', { playlist_results: [IDS.orbitList] }],
    ['SOURDOUGH', { video_results: [IDS.sourdough] }],
    // video: title above tags above description; active and channel keywords
    ['video:sourdough active:yes', { video_results: [IDS.sourdough, IDS.tagged, IDS.pizza] }],
    ['video:sourdough active:no', { video_results: [IDS.inactive] }],
    ['video:rocket channel:space station', { video_results: [IDS.rocket] }],
    ['video:rocket channel:cooking', {}],
    ['video: channel:retro', { video_results: [IDS.amiga] }],
    // channel: name, description and tags; active and subscribed
    ['channel:kitchen', { channel_results: [IDS.cook] }],
    ['channel:food', { channel_results: [IDS.cook] }],
    ['channel: subscribed:yes', { channel_results: [IDS.cook, IDS.retro] }],
    ['channel: subscribed:no', { channel_results: [IDS.space] }],
    ['channel: active:no', { channel_results: [IDS.retro] }],
    ['channel:computing active:yes', {}],
    // playlist: name and description; active and subscribed
    ['playlist:flour', { playlist_results: [IDS.breadList] }],
    ['playlist: subscribed:yes', { playlist_results: [IDS.breadList] }],
    ['playlist: active:no', { playlist_results: [IDS.orbitList] }],
    ['playlist:bread active:no', {}],
    // full: subtitle lines; lang, source, channel
    ['full:sourdough', { fulltext_results: [`${IDS.sourdough}-en-1`] }],
    ['full:brot lang:de', { fulltext_results: [`${IDS.sourdough}-de-1`] }],
    ['full:brot lang:en', {}],
    ['full:schones', { fulltext_results: [`${IDS.sourdough}-de-1`] }],
    ['full:orbit source:auto', { fulltext_results: [`${IDS.rocket}-en-1`] }],
    ['full:orbit source:user', {}],
    ['full:the channel:space', { fulltext_results: [`${IDS.rocket}-en-1`] }],
    ['full:the channel:cooking', { fulltext_results: [`${IDS.sourdough}-en-2`] }],
    // comment: archived comments; channel
    ['comment:recipe', { comment_results: ['Ugcomment1', 'Ugcomment3'] }],
    ['comment:recipe channel:space', { comment_results: ['Ugcomment3'] }],
    ['comment:starter', { comment_results: ['Ugcomment2'] }],
  ])('%s', async (query, expected) => {
    const result = await found(query);
    for (const [section, ids] of Object.entries(expected)) {
      // ranked sections: order matters where the query ranks; sets elsewhere
      if (query.startsWith('video:sourdough')) expect(result[section as Section]).toEqual(ids);
      else expect(result[section as Section]?.sort()).toEqual([...ids].sort());
    }
    expect(Object.keys(result).sort()).toEqual(Object.keys(expected).sort());
  });

  it('ranks a title match above a tag match above a description match', async () => {
    const { video_results: ranked } = await found('video:sourdough');
    expect(ranked?.[0]).toBe(IDS.sourdough);
    expect(ranked?.slice(1, 3).sort()).toEqual([IDS.inactive, IDS.tagged].sort());
    expect(ranked?.[3]).toBe(IDS.pizza);
  });

  it('answers the query type and every result section', async () => {
    const body = (await search('full:orbit')).json();
    expect(body.queryType).toBe('full');
    expect(Object.keys(body.results).sort()).toEqual([...SECTIONS].sort());
    expect((await search('comment:recipe')).json().queryType).toBe('comment');
    expect((await search('bread')).json().queryType).toBe('simple');
  });

  it('returns fulltext hits with upstream fields, times as HH:MM:SS.mmm and the match highlighted', async () => {
    const [hit] = (await search('full:beautiful')).json().results.fulltext_results;
    const { vid_last_refresh } = await t.database.db
      .selectFrom('videos')
      .select('vid_last_refresh')
      .where('youtube_id', '=', IDS.sourdough)
      .executeTakeFirstOrThrow();
    expect(hit).toEqual({
      _index: 'ta_subtitle',
      _score: expect.any(Number),
      subtitle_channel: 'Cooking Lab',
      subtitle_channel_id: IDS.cook,
      subtitle_end: '00:00:18.500',
      subtitle_fragment_id: `${IDS.sourdough}-en-1`,
      subtitle_index: 1,
      subtitle_lang: 'en',
      subtitle_last_refresh: Math.floor(Number(vid_last_refresh) / 1000),
      subtitle_line: `Today we bake a ${MARK('beautiful')} sourdough loaf`,
      subtitle_source: 'user',
      subtitle_start: '00:00:11.000',
      title: 'Perfect Sourdough Bread',
      vid_thumb_url: `/cache/videos/v/${IDS.sourdough}.jpg`,
      youtube_id: IDS.sourdough,
    });
  });

  it('highlights every matched word, prefixes whole, and escapes the stored text', async () => {
    const [hit] = (await search('full:golden bro')).json().results.fulltext_results;
    expect(hit.subtitle_line).toBe(
      `The crust should be &lt;b&gt;${MARK('golden')}&lt;/b&gt; &amp; ${MARK('brown')}`,
    );
    const [de] = (await search('full:schones brot')).json().results.fulltext_results;
    expect(de.subtitle_line).toBe(`Heute backen wir ein ${MARK('schönes')} ${MARK('Brot')}`);
    const [comment] = (await search('comment:best recipe')).json().results.comment_results;
    expect(comment).toMatchObject({
      _index: 'ta_comment',
      comment_author: '@baker',
      comment_channel: 'Cooking Lab',
      comment_text: `${MARK('Best')} bread ${MARK('recipe')} ever`,
      title: 'Perfect Sourdough Bread',
      youtube_id: IDS.sourdough,
    });
  });

  it('returns whole video, channel and playlist documents with _index and _score', async () => {
    const { results } = (await search('bread')).json();
    expect(results.video_results[0]).toMatchObject({
      _index: 'ta_video',
      _score: expect.any(Number),
      youtube_id: IDS.sourdough,
      title: 'Perfect Sourdough Bread',
      channel: { channel_id: IDS.cook, channel_name: 'Cooking Lab' },
      playlist: [IDS.breadList],
      media_url: `/youtube/${IDS.cook}/${IDS.sourdough}.mp4`,
    });
    expect(results.playlist_results[0]).toMatchObject({
      _index: 'ta_playlist',
      playlist_id: IDS.breadList,
      playlist_entries: [
        expect.objectContaining({ youtube_id: IDS.sourdough, downloaded: true }),
        expect.anything(),
      ],
    });
    const channel = (await search('cooking')).json().results.channel_results[0];
    expect(channel).toMatchObject({ _index: 'ta_channel', channel_id: IDS.cook, channel_subscribed: true });
  });

  it('matches the last word as a prefix while typing, as a whole word after a space', async () => {
    expect(await found('perf')).toEqual({ video_results: [IDS.sourdough] });
    expect(await found('perfect sour')).toEqual({ video_results: [IDS.sourdough] });
    expect(await found('perfect sour ')).toEqual({});
    expect(await found('full:beauti')).toEqual({ fulltext_results: [`${IDS.sourdough}-en-1`] });
  });

  it('refuses a missing or blank query with 400 and both error keys', async () => {
    for (const url of ['/api/search/', '/api/search/?query=', '/api/search/?query=%20%20']) {
      const res = await user.request({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'no search query specified',
        message: 'no search query specified',
      });
    }
  });

  it('refuses a bad page or page size with 400 naming the field', async () => {
    for (const extra of ['&page=abc', '&page=-1', '&page_size=0', '&page_size=1000']) {
      const res = await search('bread', extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/page/);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/?query=bread' });
    expect(res.statusCode).toBe(403);
  });

  it.each(
    [
      'video:a:b',
      'channel:',
      'full:',
      'comment:',
      'lang:de',
      'fuzzy:2',
      'video:rocket fuzzy:99',
      '"',
      '"unclosed phrase',
      'full:"quoted phrase"',
      'a AND OR NOT b',
      'NEAR(rocket launch)',
      'full:NEAR(a b, 2)',
      '*',
      'full:*',
      'rock*',
      '^start',
      '-minus +plus',
      '(paren',
      'comment:)',
      'title:rocket',
      '{title}: rocket',
      'col:umn : x ::',
      "'; DROP TABLE videos; --",
      "it's o'clock",
      '\\ \\\\ \\x',
      '%_ %% __',
      'rocket & ! | <-> :*',
      '🎉🎉 🚀',
      'ünïcödé résumé',
      '中文字幕 日本語',
      'Ελληνικά кириллица',
      '\u0000\u0001 control',
      'x'.repeat(5000),
      Array.from({ length: 300 }, (_, i) => `word${i}`).join(' '),
      'full:' + 'neapolitan '.repeat(50),
      'full:the the',
      'full:crust the crust',
      'comment:recipe recipe',
      'bread bread bread',
    ].map((query) => [
      query.length > 40 ? `${query.slice(0, 40)}… (${query.length} characters)` : query,
      query,
    ]),
  )('answers 200 for odd input %j', async (_label, query) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().results).sort()).toEqual([...SECTIONS].sort());
  });
});
