import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli/cli.ts';
import { demoEnvironment } from '../src/cli/demo.command.ts';
import { DEMO_PLAYLISTS, channelId, playlistId, videoId } from '../src/demo/demo-catalog.ts';
import { buildDemoLibrary, describeDemoSummary, type DemoLibrarySummary } from '../src/demo/demo-library.ts';
import { DEMO_VIDEOS } from '../src/demo/demo-videos.ts';
import { createTestApp, createUser, sessionClient, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { DEMO_MEDIA_CACHE } from './helpers/demo.ts';

function pictureSize(file: string): { width: number; height: number } {
  const args = [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'json',
    file,
  ];
  return (
    JSON.parse(execFileSync('ffprobe', args, { encoding: 'utf8' })) as {
      streams: { width: number; height: number }[];
    }
  ).streams[0]!;
}

describe.each(ENGINES)('tubekeeper demo: generated library through the manual import on %s', (engine) => {
  let t: TestApp;
  let first: DemoLibrarySummary;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine);
    first = await buildDemoLibrary(t.container, { mediaCacheDir: DEMO_MEDIA_CACHE });
  }, 120_000);
  afterAll(() => t.close());

  it('imports every demo video, channel and playlist and says so', () => {
    expect(first.failed).toEqual([]);
    expect(first).toMatchObject({
      imported: 24,
      alreadyArchived: 0,
      channels: 3,
      playlists: 2,
      subtitles: 48,
    });
    expect(first.videos).toEqual({ videos: 15, shorts: 6, streams: 3 });
    expect(describeDemoSummary(first)[0]).toMatch(
      /^Demo library: 3 channels, 24 videos \(15 videos, 6 shorts/,
    );
    expect(fs.readdirSync(t.container.archivePaths.importDir).filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('archives channels with their about facts and artwork', async () => {
    const channels = await db().selectFrom('channels').selectAll().orderBy('channel_name').execute();
    expect(channels.map((c) => c.channel_name)).toEqual(['Byte Sized', 'Kitchen Basics', 'Trail Notes']);
    for (const channel of channels) {
      expect(channel.channel_subs).toBeGreaterThan(0);
      expect(channel.channel_description).toMatch(/https:\/\//);
      expect(JSON.parse(channel.channel_tabs).sort()).toEqual(['shorts', 'streams', 'videos']);
      for (const kind of ['thumb', 'banner', 'tvart'] as const) {
        expect(fs.existsSync(t.container.archivePaths.channelArt(channel.channel_id, kind)), kind).toBe(true);
      }
    }
  });

  it('archives 24 videos of all three types with media, stats and 16:9 thumbnails', async () => {
    const videos = await db().selectFrom('videos').selectAll().execute();
    expect(videos).toHaveLength(24);
    const byType = (type: string) => videos.filter((v) => v.vid_type === type);
    expect([byType('videos').length, byType('shorts').length, byType('streams').length]).toEqual([15, 6, 3]);
    for (const short of byType('shorts')) expect(Number(short.height)).toBeGreaterThan(Number(short.width));
    expect(videos.some((v) => Number(v.view_count) >= 1_000_000)).toBe(true);
    for (const video of videos) {
      expect(fs.statSync(t.container.archivePaths.media(video.media_url)).size).toBe(
        Number(video.media_size),
      );
      expect(Number(video.duration)).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(video.tags).length).toBeGreaterThan(0);
      expect(video.description).toMatch(/https:\/\//);
      expect(fs.existsSync(t.container.archivePaths.videoThumb(video.youtube_id))).toBe(true);
    }
    // a 16:9, a 4:3 (letterboxed) and a vertical source picture: all cached as 16:9
    for (const slug of ['sourdough', 'focaccia', 'blisters']) {
      const thumb = pictureSize(t.container.archivePaths.videoThumb(videoId(slug)));
      expect(thumb.width / thumb.height, slug).toBeCloseTo(16 / 9, 1);
    }
  });

  it('indexes English and German subtitles into searchable fragments', async () => {
    const subtitles = await db()
      .selectFrom('subtitles')
      .select(['youtube_id', 'lang', 'media_url'])
      .execute();
    expect(subtitles).toHaveLength(48);
    expect(new Set(subtitles.map((s) => s.lang))).toEqual(new Set(['en', 'de']));
    for (const s of subtitles) expect(fs.existsSync(t.container.archivePaths.media(s.media_url))).toBe(true);
    const phrase = DEMO_VIDEOS.find((v) => v.slug === 'map')!.lines[0];
    for (const [lang, text] of [
      ['en', phrase[0]],
      ['de', phrase[1]],
    ] as const) {
      const hits = await db()
        .selectFrom('subtitle_fragments')
        .select('youtube_id')
        .where('lang', '=', lang)
        .where('line', 'like', `%${text}%`)
        .execute();
      expect(hits.map((h) => h.youtube_id)).toEqual([videoId('map')]);
    }
  });

  it('stores comment threads with replies and the uploader answering', async () => {
    const comments = await db().selectFrom('comments').selectAll().execute();
    expect(comments.length).toBe(first.comments);
    const replies = comments.filter((c) => c.parent_id !== null);
    expect(replies.length).toBeGreaterThanOrEqual(24);
    const ids = new Set(comments.map((c) => c.comment_id));
    for (const reply of replies) expect(ids.has(reply.parent_id!)).toBe(true);
    expect(replies.some((c) => c.author_is_uploader === 1 && /https:\/\//.test(c.text))).toBe(true);
    expect(new Set(comments.map((c) => c.youtube_id)).size).toBe(24);
  });

  it('stores the two channel playlists with their entries in order, with art', async () => {
    for (const spec of DEMO_PLAYLISTS) {
      const id = playlistId(spec.key);
      const playlist = await db()
        .selectFrom('playlists')
        .selectAll()
        .where('playlist_id', '=', id)
        .executeTakeFirst();
      expect(playlist).toMatchObject({
        playlist_name: spec.title,
        playlist_channel_id: channelId(spec.channel),
      });
      const entries = await db()
        .selectFrom('playlist_entries')
        .select(['idx', 'youtube_id'])
        .where('playlist_id', '=', id)
        .orderBy('idx')
        .execute();
      expect(entries.map((e) => e.youtube_id)).toEqual(spec.entries.map(videoId));
      expect(entries.map((e) => Number(e.idx))).toEqual(spec.entries.map((_, i) => i));
      expect(fs.existsSync(t.container.archivePaths.playlistArt(id))).toBe(true);
    }
  });

  it('answers the read API as a browsable library', async () => {
    const client = await sessionClient(t, (await createUser(t, { username: 'newcomer' })).id);
    const get = async (url: string) => {
      const res = await client.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    expect((await get('/api/video/')).paginate.total_hits).toBe(24);
    expect((await get('/api/video/?type=shorts')).paginate.total_hits).toBe(6);
    expect((await get('/api/video/?type=streams')).paginate.total_hits).toBe(3);
    expect((await get('/api/channel/')).paginate.total_hits).toBe(3);

    const detail = await get(`/api/video/${videoId('sourdough')}/`);
    expect(detail.streams.map((s: { type: string }) => s.type).sort()).toEqual(['audio', 'video']);
    expect(detail.subtitles.map((s: { lang: string }) => s.lang).sort()).toEqual(['de', 'en']);
    expect(detail.stats.view_count).toBe(1_234_567);
    const tree = await get(`/api/video/${videoId('sourdough')}/comment/`);
    expect(tree[0].comment_replies[0]).toMatchObject({ comment_author_is_uploader: true });

    const bread = DEMO_PLAYLISTS.find((p) => p.key === 'bread')!;
    const inPlaylist = await get(`/api/video/?playlist=${playlistId('bread')}`);
    expect(inPlaylist.data.map((v: { youtube_id: string }) => v.youtube_id)).toEqual(
      bread.entries.map(videoId),
    );
  });

  it('running it again duplicates nothing', async () => {
    const count = async (
      table: 'videos' | 'channels' | 'comments' | 'subtitle_fragments' | 'playlist_entries',
    ) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = ['videos', 'channels', 'comments', 'subtitle_fragments', 'playlist_entries'] as const;
    const before = await Promise.all(tables.map(count));
    const again = await buildDemoLibrary(t.container, { mediaCacheDir: DEMO_MEDIA_CACHE });
    expect(again).toMatchObject({ imported: 0, alreadyArchived: 24, failed: [] });
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(fs.readdirSync(path.join(t.container.archivePaths.mediaDir, channelId('kitchen')))).toHaveLength(
      8 * 3,
    );
  }, 60_000);
});

describe('tubekeeper demo command', () => {
  it('runs npm run demo in its own self-contained folder unless TK_DATA_DIR is set', () => {
    const env = { DATABASE_URL: 'postgres://db/archive', TK_MEDIA_DIR: '/srv/media', PATH: '/usr/bin' };
    const own = demoEnvironment(env, { serve: true });
    expect(own).toMatchObject({ DATABASE_URL: '', TK_MEDIA_DIR: '', TK_CACHE_DIR: '', REDIS_URL: '' });
    expect(own.TK_DATA_DIR).toMatch(/[/\\]data-demo$/);
    expect(demoEnvironment({ ...env, TK_DATA_DIR: '/srv/tk' }, { serve: true })).toMatchObject({
      TK_DATA_DIR: '/srv/tk',
      DATABASE_URL: 'postgres://db/archive',
    });
    // without --serve it is a plain command on the configured archive; --data-dir only names the folder
    expect(demoEnvironment(env, {})).toEqual(env);
    expect(demoEnvironment(env, { dataDir: '/tmp/x' })).toEqual({ ...env, TK_DATA_DIR: '/tmp/x' });
  });

  it('fails with exit code 1 and says what to do when ffmpeg is missing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-cli-'));
    const saved = { ...process.env };
    Object.assign(process.env, { FFMPEG_PATH: path.join(dataDir, 'no-ffmpeg'), DATABASE_URL: '' });
    Object.assign(process.env, { TK_MEDIA_DIR: '', TK_CACHE_DIR: '' });
    const errors: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      expect(await runCli(['demo', '--data-dir', dataDir])).toBe(1);
      expect(errors).toEqual(['Demo library failed: ffmpeg not found: install it or set FFMPEG_PATH']);
    } finally {
      log.mockRestore();
      error.mockRestore();
      process.env = saved;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
