import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBackupCommand } from '../src/cli/backup.command.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'ta-backup');

/** Zips the hand-written Tube Archivist backup pages (deflate, as upstream's zipfile does). */
export async function writeUpstreamZip(target: string): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const zip = new yazl.ZipFile();
  for (const name of fs.readdirSync(FIXTURE).filter((n) => n.endsWith('.json'))) {
    zip.addFile(path.join(FIXTURE, name), name);
  }
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(target)).on('close', resolve).on('error', reject),
  );
}

/**
 * The migration path: a backup Tube Archivist wrote (upstream's document shapes, §4.5/§6), restored with
 * TK_MEDIA_DIR at its media folder, gives an archive that browses, plays, searches and keeps its settings.
 */
describe.each(ENGINES)('restoring a Tube Archivist backup on %s', (engine) => {
  let t: TestApp;
  let token: string;
  /** a second account of ours: upstream's watched flag was every user's, so it becomes theirs too */
  let familyToken: string;
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    return {
      status: res.statusCode,
      body: String(res.headers['content-type']).includes('json') ? res.json() : res.body,
    };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    // user 1, as upstream's first user (its user_1 config comes along)
    const admin = await createUser(t, { username: 'admin', staff: true, superuser: true });
    token = await t.container.auth.getOrCreateToken(admin.id);
    familyToken = await t.container.auth.getOrCreateToken((await createUser(t, { username: 'family' })).id);
    await writeUpstreamZip(path.join(t.container.backups.dir, 'ta_backup-20240301-auto.zip'));
    // the media folder Tube Archivist left: <channel>/<id>.mp4
    const media = path.join(t.container.config.mediaDir, 'UCtaChannel00000000000001');
    fs.mkdirSync(media, { recursive: true });
    fs.writeFileSync(path.join(media, 'taVideo0001.mp4'), Buffer.alloc(2048, 1));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('restores into a browsable archive', async () => {
    expect((await get('/api/appsettings/backup/')).body).toEqual([
      expect.objectContaining({
        filename: 'ta_backup-20240301-auto.zip',
        timestamp: '20240301',
        reason: 'auto',
      }),
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/appsettings/backup/ta_backup-20240301-auto.zip/',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    });
    await t.container.jobs.idle();
    const run = await get(`/api/task/by-id/${started.json().task_id}/`);
    expect(run.body).toMatchObject({ name: 'restore_backup', status: 'SUCCESS' });
    expect(run.body.result).toContain(
      '2 channels, 2 videos, 2 playlists, 2 queued, 2 subtitle lines, 2 comments',
    );

    const videos = (await get('/api/video/')).body;
    expect(videos.data.map((v: { youtube_id: string }) => v.youtube_id)).toEqual([
      'taVideo0001',
      'taVideo0002',
    ]);
    const video = (await get('/api/video/taVideo0001/')).body;
    expect(video).toMatchObject({
      title: 'Migrating the archive',
      media_url: '/youtube/UCtaChannel00000000000001/taVideo0001.mp4',
      published: '2024-03-01T00:00:00+00:00',
      player: { duration: 754, duration_str: '12m 34s', watched: true, watched_date: 1709300000 },
      stats: { view_count: 54321, like_count: 321 },
      channel: {
        channel_name: 'Archivist Channel',
        channel_subscribed: true,
        channel_overwrites: { autodelete_days: 30 },
      },
      subtitles: [
        expect.objectContaining({
          lang: 'en',
          media_url: '/youtube/UCtaChannel00000000000001/taVideo0001.en.vtt',
        }),
      ],
      playlist: ['PLtaPlaylist0000000000000000000001'],
    });
    expect((await get('/youtube/UCtaChannel00000000000001/taVideo0001.mp4')).status).toBe(200);
    const familys = await t.app.inject({
      method: 'GET',
      url: '/api/video/?watch=watched',
      headers: { authorization: `Token ${familyToken}` },
    });
    expect(familys.json().data).toEqual([
      expect.objectContaining({
        youtube_id: 'taVideo0001',
        player: expect.objectContaining({ watched: true, watched_date: 1709300000 }),
      }),
    ]);
    expect((await get('/api/video/?watch=unwatched')).body.data).toEqual([
      expect.objectContaining({
        youtube_id: 'taVideo0002',
        player: expect.objectContaining({ watched: false }),
      }),
    ]);
    const short = (await get('/api/video/taVideo0002/')).body;
    expect(short).toMatchObject({
      published: '2023-05-01T00:00:00+00:00',
      vid_type: 'shorts',
      channel: { channel_name: 'Channel Without Document', channel_thumb_url: null },
      sponsorblock: {
        is_enabled: true,
        segments: [expect.objectContaining({ UUID: 'abc', segment: [10.5, 20.25] })],
      },
    });
    const comments = (await get('/api/video/taVideo0001/comment/')).body;
    expect(comments).toMatchObject([
      {
        comment_id: 'UgwRootComment',
        comment_replies: [{ comment_id: 'UgwRootComment.reply1', comment_author_is_uploader: true }],
      },
    ]);
    const playlist = (await get('/api/playlist/PLtaPlaylist0000000000000000000001/')).body;
    expect(playlist.playlist_entries).toEqual([
      expect.objectContaining({ youtube_id: 'taVideo0001', downloaded: true }),
      expect.objectContaining({ youtube_id: 'taMissing01', downloaded: false }),
    ]);
    expect((await get('/api/playlist/a1b2c3d4-custom/')).body).toMatchObject({
      playlist_type: 'custom',
      playlist_name: 'Watch later',
    });
    const search = (await get('/api/search/?query=full:elasticsearch')).body;
    expect(search.results.fulltext_results).toEqual([
      expect.objectContaining({
        youtube_id: 'taVideo0001',
        subtitle_start: '00:00:58.500',
        subtitle_end: '00:01:02.000',
      }),
    ]);
    const queue = (await get('/api/download/?filter=pending')).body;
    expect(queue.data).toEqual([expect.objectContaining({ youtube_id: 'taQueued001', duration: '3m 05s' })]);
    expect((await get('/api/appsettings/config/')).body).toMatchObject({
      downloads: { sleep_interval: 15, format: 'bestvideo[height<=720]+bestaudio/best', subtitle: 'en' },
      subscriptions: { channel_size: 20 },
    });
    expect((await get('/api/user/me/')).body).toMatchObject({
      stylesheet: 'midnight.css',
      view_style_home: 'list',
    });
    expect((await get('/api/task/notification/')).body).toMatchObject({
      download_pending: { urls: ['json://127.0.0.1:9/ta'] },
    });
    // the account that restored still signs in: a Tube Archivist backup carries no accounts
    expect((await get('/api/user/account/')).status).toBe(200);
  });
});

describe('tubekeeper backup CLI', () => {
  let t: TestApp;
  let output: string[];
  const run = async (args: string[], options = {}) => {
    output = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void output.push(line));
    const err = vi.spyOn(console, 'error').mockImplementation((line: string) => void output.push(line));
    try {
      return await runBackupCommand(t.container.backups, args, options);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('restores a Tube Archivist zip given by path, then creates and lists backups', async () => {
    expect(await run(['list'])).toBe(0);
    expect(output).toEqual(['No backups found.']);
    const zip = path.join(t.database.dataDir, 'from-tube-archivist.zip');
    await writeUpstreamZip(zip);
    expect(await run(['restore', zip])).toBe(0);
    expect(output.at(-1)).toMatch(/^Restored .*from-tube-archivist\.zip: 2 channels, 2 videos/);
    expect(await run(['create'])).toBe(0);
    expect(output.at(-1)).toMatch(/ta_backup-\d{8}-manual\.zip \(\d+ documents, \d+ bytes\)$/);
    expect(await run(['list'])).toBe(0);
    expect(output).toEqual([expect.stringMatching(/^ta_backup-\d{8}-manual\.zip\t\d+\tmanual$/)]);
    const name = output[0]!.split('\t')[0]!;
    expect(await run(['restore', name])).toBe(0);
    expect(output.at(-1)).toContain('2 videos');
    expect(await run(['restore', 'ta_backup-19990101-auto.zip'])).toBe(1);
    expect(output.at(-1)).toBe('backup file not found');
    expect(await run(['frobnicate'])).toBe(2);
  });
});
