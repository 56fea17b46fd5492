import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CHANNELS,
  DEMO_PLAYLISTS,
  channelId,
  playlistId,
  videoId,
} from '../../src/demo/demo-catalog.ts';
import { buildDemoLibrary } from '../../src/demo/demo-library.ts';
import { DEMO_VIDEOS } from '../../src/demo/demo-videos.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from '../helpers/app.ts';
import { ENGINES } from '../helpers/database.ts';
import { DEMO_MEDIA_CACHE } from '../helpers/demo.ts';
import { searchAs } from './search-seed.ts';

const MARK = '<span class="settings-current">';
const phrase = (sentence: string) => sentence.split(' ').slice(0, 4).join(' ');
/** One letter of the longest title word replaced: the typo a user makes. */
function typo(title: string): string {
  const word = title
    .split(/\W+/)
    .sort((a, b) => b.length - a.length)[0]!
    .toLowerCase();
  const at = Math.floor(word.length / 2);
  return word.slice(0, at) + (word[at] === 'q' ? 'z' : 'q') + word.slice(at + 1);
}

describe.each(ENGINES)('search over the demo library on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await buildDemoLibrary(t.container, { mediaCacheDir: DEMO_MEDIA_CACHE });
    user = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
  }, 120_000);
  afterAll(() => t.close());

  const results = (query: string) => searchAs(user)(query);

  it.each(DEMO_VIDEOS.map((v) => [v.slug, v] as const))(
    'finds %s by a phrase of its English and German subtitles, highlighted, at its cue',
    async (_slug, video) => {
      const english = (await results(`full:${phrase(video.lines[0][0])}`)).fulltext_results;
      expect(english.length).toBeGreaterThan(0);
      expect(new Set(english.map((h: { youtube_id: string }) => h.youtube_id))).toEqual(
        new Set([videoId(video.slug)]),
      );
      expect(english[0]).toMatchObject({ subtitle_lang: 'en', title: video.title });
      expect(english[0].subtitle_line).toContain(MARK);
      expect(english[0].subtitle_start).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);

      const german = (await results(`full:${phrase(video.lines[1][1])} lang:de`)).fulltext_results;
      expect(german.map((h: { youtube_id: string }) => h.youtube_id)).toContain(videoId(video.slug));
      expect(german.every((h: { subtitle_lang: string }) => h.subtitle_lang === 'de')).toBe(true);
    },
  );

  it.each(
    // typos are tolerated in words of five or more letters ("What to pack for a day hike" has none)
    DEMO_VIDEOS.filter((v) => v.title.split(/\W+/).some((w) => w.length >= 5)).map(
      (v) => [v.title, v] as const,
    ),
  )('finds "%s" despite a typo', async (_title, video) => {
    const found = (await results(typo(video.title))).video_results;
    expect(found.map((v: { youtube_id: string }) => v.youtube_id)).toContain(videoId(video.slug));
  });

  it('finds every channel and playlist by name, and videos by channel', async () => {
    for (const channel of DEMO_CHANNELS) {
      const { channel_results } = await results(`channel:${channel.name}`);
      expect(channel_results.map((c: { channel_id: string }) => c.channel_id)).toContain(
        channelId(channel.key),
      );
      const { video_results } = await results(`video: channel:${channel.name}`);
      const expected = DEMO_VIDEOS.filter((v) => v.channel === channel.key).map((v) => videoId(v.slug));
      expect(video_results.map((v: { youtube_id: string }) => v.youtube_id).sort()).toEqual(expected.sort());
    }
    for (const playlist of DEMO_PLAYLISTS) {
      const { playlist_results } = await results(playlist.title);
      expect(playlist_results.map((p: { playlist_id: string }) => p.playlist_id)).toContain(
        playlistId(playlist.key),
      );
    }
  });

  it('finds archived comments', async () => {
    const { comment_results } = await results('comment:clearest explanation');
    expect(comment_results.length).toBeGreaterThan(0);
    expect(comment_results[0].comment_text).toContain(`${MARK}Clearest</span>`);
  });
});
