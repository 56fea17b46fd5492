import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YtdlpError, YtdlpRepository, type DownloadProgress } from '../src/repositories/ytdlp.repository.ts';
import { FAKE, FAKE_YTDLP_PATH, readFakeLog, ytdlpSettings } from './helpers/fake-ytdlp.ts';

let dir: string;
let cacheDir: string;
let logFile: string;
let repo: YtdlpRepository;

function fakeRepository(env: Record<string, string> = {}) {
  return new YtdlpRepository({
    executable: FAKE_YTDLP_PATH,
    cacheDir,
    env: {
      FAKE_YTDLP_LOG: logFile,
      FAKE_YTDLP_MEDIA_DIR: path.join(dir, 'media'),
      FAKE_YTDLP_DELAY_MS: '5',
      ...env,
    },
  });
}

/** The invocations a block made, from the fake's log. */
async function runsOf(block: () => Promise<unknown>) {
  const before = readFakeLog(logFile).length;
  await block();
  return readFakeLog(logFile).slice(before);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-ytdlp-'));
  cacheDir = path.join(dir, 'cache');
  logFile = path.join(dir, 'fake.log');
  repo = fakeRepository();
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('yt-dlp repository: metadata (against the fake provider)', () => {
  it('fetches several videos in one invocation, each failure on its own item', async () => {
    const ids = [FAKE.video, FAKE.failing, FAKE.botCheck, 'alphaSht001'];
    let results = new Map();
    const runs = await runsOf(async () => {
      results = await repo.fetchVideoInfos(ids, ytdlpSettings());
    });
    expect(runs).toHaveLength(1);
    expect(results.get(FAKE.video)).toMatchObject({
      ok: true,
      value: {
        id: FAKE.video,
        title: 'Building a birdhouse from scrap wood',
        channel_id: FAKE.alpha.id,
        uploader: FAKE.alpha.name,
        upload_date: '20240102',
        live_status: 'not_live',
        subtitles: { en: expect.any(Array), de: expect.any(Array) },
        automatic_captions: { en: expect.any(Array) },
      },
    });
    expect(results.get('alphaSht001')).toMatchObject({ ok: true, value: { width: 1080, height: 1920 } });
    expect(results.get(FAKE.failing)).toMatchObject({
      ok: false,
      error: { kind: 'item', message: '[youtube] failVideo01: Video unavailable' },
    });
    expect(results.get(FAKE.botCheck)).toMatchObject({ ok: false, error: { kind: 'rate-limit' } });
  });

  it('runs one video per invocation when a sleep interval is set (upstream paces between items)', async () => {
    const runs = await runsOf(() =>
      repo.fetchVideoInfos(['alphaVid002', 'alphaVid003'], ytdlpSettings({ sleep_interval: 1 })),
    );
    expect(runs).toHaveLength(2);
  });

  it('throws the classified error for a single video', async () => {
    await expect(repo.fetchVideoInfo(FAKE.failing, ytdlpSettings())).rejects.toMatchObject({
      name: 'YtdlpError',
      kind: 'item',
      message: '[youtube] failVideo01: Video unavailable',
    });
  });

  it('passes the extractor language to metadata calls', async () => {
    const runs = await runsOf(() => repo.fetchVideoInfo(FAKE.video, ytdlpSettings({ extractor_lang: 'de' })));
    expect(runs[0]!.argv).toEqual(expect.arrayContaining(['--extractor-args', 'youtube:lang=de']));
  });

  it('fetches channel metadata without listing its videos', async () => {
    const info = await repo.fetchChannelInfo(FAKE.alpha.id, ytdlpSettings());
    expect(info).toMatchObject({
      id: FAKE.alpha.id,
      channel_id: FAKE.alpha.id,
      uploader: FAKE.alpha.name,
      channel_follower_count: 48200,
      entries: [],
    });
    expect(info.thumbnails).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'banner_uncropped' })]),
    );
  });

  it('finds which tabs a channel has, in one invocation per channel', async () => {
    let tabs: string[][] = [];
    const runs = await runsOf(async () => {
      tabs = [
        await repo.fetchChannelTabs(FAKE.alpha.id, ytdlpSettings()),
        await repo.fetchChannelTabs(FAKE.bravo.id, ytdlpSettings()),
        await repo.fetchChannelTabs(FAKE.charlie.id, ytdlpSettings()),
      ];
    });
    expect(tabs).toEqual([
      ['videos', 'streams', 'shorts'],
      ['videos', 'streams'],
      ['videos', 'shorts'],
    ]);
    expect(runs).toHaveLength(3);
  });

  it('scans channel tabs newest first with per-tab limits; 0 skips a tab, null takes all, a missing tab is empty', async () => {
    const scans = await repo.scanChannel(
      FAKE.alpha.id,
      [
        { tab: 'videos', limit: 2 },
        { tab: 'shorts', limit: null },
        { tab: 'streams', limit: 0 },
      ],
      ytdlpSettings(),
    );
    expect(scans.get('videos')!.map((e) => e.id)).toEqual(['alphaVid005', 'alphaVid004']);
    expect(scans.get('videos')![0]).toMatchObject({
      _type: 'url',
      title: 'Finishing with linseed oil',
      duration: 547,
    });
    expect(scans.get('shorts')!.map((e) => e.id)).toEqual(['alphaSht002', 'alphaSht001']);
    expect(scans.has('streams')).toBe(false);

    const bravo = await repo.scanChannel(FAKE.bravo.id, [{ tab: 'shorts', limit: 50 }], ytdlpSettings());
    expect(bravo.get('shorts')).toEqual([]);
  });

  it('reports an unknown channel as an item error', async () => {
    await expect(
      repo.scanChannel('UCnobodyHereAtAll0000000', [{ tab: 'videos', limit: 5 }], ytdlpSettings()),
    ).rejects.toMatchObject({ kind: 'item', message: expect.stringContaining('does not exist') });
  });

  it('lists a playlist in its order, or reversed for sort order bottom', async () => {
    const top = await repo.fetchPlaylist(FAKE.playlist, 'top', ytdlpSettings());
    expect(top).toMatchObject({
      id: FAKE.playlist,
      title: 'Best of the fake channels',
      channel_id: FAKE.alpha.id,
    });
    expect(top.entries!.map((e) => e.id)).toEqual([
      'alphaVid001',
      'bravoVid002',
      'charlieS001',
      'alphaVid003',
    ]);
    const bottom = await repo.fetchPlaylist(FAKE.playlist, 'bottom', ytdlpSettings());
    expect(bottom.entries!.map((e) => e.id)).toEqual([
      'alphaVid003',
      'charlieS001',
      'bravoVid002',
      'alphaVid001',
    ]);
  });

  it("lists a channel's playlists flat from its Playlists tab; a channel without any has none", async () => {
    let listed: Awaited<ReturnType<typeof repo.fetchChannelPlaylists>> = [];
    const runs = await runsOf(async () => {
      listed = await repo.fetchChannelPlaylists(FAKE.alpha.id, ytdlpSettings());
    });
    expect(listed).toEqual([
      { id: 'PLfakeAlphaJoinery0000000000000002', title: 'Joinery basics' },
      { id: FAKE.playlist, title: 'Best of the fake channels' },
    ]);
    expect(runs[0]!.argv).toContain('--flat-playlist');
    expect(runs[0]!.argv).toContain(
      `https://www.youtube.com/channel/${FAKE.alpha.id}/playlists?view=1&sort=dd&shelf_id=0`,
    );
    expect(await repo.fetchChannelPlaylists(FAKE.bravo.id, ytdlpSettings())).toEqual([]);
  });

  it('resolves @handle, /c/ and /user/ URLs to channel ids and remembers them', async () => {
    const own = fakeRepository();
    const settings = ytdlpSettings();
    const results = await own.resolveChannels(
      [
        'https://www.youtube.com/@fakealpha',
        'https://www.youtube.com/c/BravoBakery',
        'https://www.youtube.com/user/charliestargazing',
        'https://www.youtube.com/@nobody-at-all',
      ],
      settings,
    );
    expect([...results.values()].slice(0, 3)).toEqual([
      { ok: true, value: FAKE.alpha.id },
      { ok: true, value: FAKE.bravo.id },
      { ok: true, value: FAKE.charlie.id },
    ]);
    expect(results.get('https://www.youtube.com/@nobody-at-all')).toMatchObject({
      ok: false,
      error: { kind: 'item', message: expect.stringContaining('HTTP Error 404') },
    });
    const again = await runsOf(() => own.resolveChannel('https://www.youtube.com/@FakeAlpha', settings));
    expect(again).toHaveLength(0);
  });

  it('fetches comments cut and sorted as comment_max and comment_sort say, replies after their parent', async () => {
    const top = await repo.fetchComments(
      FAKE.video,
      ytdlpSettings({ comment_max: 'all', comment_sort: 'top' }),
    );
    const ids = (top.comments as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(['UgzAlpha1a', 'UgzAlpha1b', 'UgzAlpha1b.r1', 'UgzAlpha1c']);
    const newest = await repo.fetchComments(
      FAKE.video,
      ytdlpSettings({ comment_max: '2', comment_sort: 'new' }),
    );
    expect((newest.comments as { id: string }[]).map((c) => c.id)).toEqual(['UgzAlpha1b', 'UgzAlpha1b.r1']);
  });

  it('reports the version of the executable', async () => {
    expect(await repo.version()).toBe('2025.01.26');
  });

  it('says what to do when the executable is missing', async () => {
    const missing = new YtdlpRepository({ executable: path.join(dir, 'no-such-yt-dlp'), cacheDir });
    await expect(missing.fetchVideoInfo(FAKE.video, ytdlpSettings())).rejects.toMatchObject({
      kind: 'not-found',
      message: 'yt-dlp not found: install it or set YTDLP_PATH',
    });
  });
});

describe('yt-dlp repository: downloads (against the fake provider)', () => {
  it('downloads into <cache>/download/<id>.mp4 with subtitles, reporting notification progress', async () => {
    const events: DownloadProgress[] = [];
    const settings = ytdlpSettings({ subtitle: 'en,de', subtitle_source: 'user', add_metadata: true });
    const result = await repo.download({ id: FAKE.video, title: 'Birdhouse' }, settings, {
      onProgress: (event) => events.push(event),
    });
    expect(result.mediaPath).toBe(path.join(cacheDir, 'download', `${FAKE.video}.mp4`));
    const probe = spawnSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      result.mediaPath,
    ]);
    // as long as the provider says the video is (421 s), as a real download is
    expect(Math.round(Number(probe.stdout.toString()))).toBe(421);
    expect(result.subtitles.sort((a, b) => a.lang.localeCompare(b.lang))).toEqual([
      { lang: 'de', ext: 'json3', path: path.join(cacheDir, 'download', `${FAKE.video}.de.json3`) },
      { lang: 'en', ext: 'json3', path: path.join(cacheDir, 'download', `${FAKE.video}.en.json3`) },
    ]);
    const json3 = JSON.parse(fs.readFileSync(result.subtitles[1]!.path, 'utf8')) as { events: unknown[] };
    expect(json3.events[0]).toMatchObject({ segs: [{ utf8: 'Welcome back to the workshop' }] });

    expect(events[0]).toEqual({
      progress: 0.039,
      messages: [
        'Birdhouse',
        `3.9% of ${(fs.statSync(result.mediaPath).size / 1024).toFixed(2)}KiB at 500.00KiB/s - time left: 00:01`,
      ],
    });
    const percents = events.map((e) => e.progress).filter((p) => p !== undefined);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(1);
    expect(events.at(-1)!.messages).toEqual(['Birdhouse', 'processing']);
    // the run's metadata comes back with the file, and its info JSON does not stay in the folder
    expect(result.info).toMatchObject({ id: FAKE.video, duration: 421, channel_id: expect.any(String) });
    expect(fs.existsSync(path.join(cacheDir, 'download', `${FAKE.video}.info.json`))).toBe(false);
  });

  it('records the provider message of a video that fails, and writes nothing', async () => {
    const error = await repo.download({ id: FAKE.failing }, ytdlpSettings()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YtdlpError);
    expect(error).toMatchObject({ kind: 'item', message: '[youtube] failVideo01: Video unavailable' });
    expect(fs.existsSync(path.join(cacheDir, 'download', `${FAKE.failing}.mp4`))).toBe(false);
  });

  it('classifies the bot check as a rate limit so the caller backs off', async () => {
    await expect(repo.download({ id: FAKE.botCheck }, ytdlpSettings())).rejects.toMatchObject({
      kind: 'rate-limit',
      message: expect.stringContaining('not a bot'),
    });
  });
});
