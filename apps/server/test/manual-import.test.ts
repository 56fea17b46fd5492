import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stableChannelId } from '../src/services/metadata-mapper.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { makeWatch, watchesOf } from './factories.ts';
import {
  imageSize,
  listTree,
  makeSampleMedia,
  probe,
  vtt,
  type SampleMedia,
} from './helpers/import-media.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/import/video.info.json');
const ID = 'dQw4w9WgXcQ';
const CHANNEL = 'UCw4w9WgXcQdQw4w9WgXcQdQ';
const EN_LINES = [
  'Welcome to the workshop',
  'Today a birdhouse',
  'First the plank',
  'Then the saw',
  'Mind the fingers',
  'Glue it',
  'Done',
];
const DE_LINES = ['Willkommen in der Werkstatt', 'Heute ein Vogelhaus'];

let media: SampleMedia;
beforeAll(async () => {
  media = await makeSampleMedia();
});
afterAll(() => fs.rmSync(media.dir, { recursive: true, force: true }));

describe.each(ENGINES)('manual import on %s', (engine) => {
  let t: TestApp;
  let importDir: string;
  let mediaDir: string;
  let cacheDir: string;
  const db = () => t.database.db;
  const put = (name: string, from: string) => fs.copyFileSync(from, path.join(importDir, name));
  const write = (name: string, text: string) => fs.writeFileSync(path.join(importDir, name), text);
  const info = (changes: object = {}) =>
    JSON.stringify({ ...JSON.parse(fs.readFileSync(FIXTURE, 'utf8')), ...changes });
  const putFullVideo = (changes: object = {}) => {
    const base = `Birdhouse [${ID}]`;
    put(`${base}.mp4`, media.mp4);
    write(`${base}.info.json`, info(changes));
    put(`${base}.jpg`, media.jpg43);
    write(`${base}.en.vtt`, vtt(EN_LINES));
    write(`${base}.de.vtt`, vtt(DE_LINES));
  };
  const run = (ignoreError = true, preferLocal = false) =>
    t.container.manualImport.run({ ignoreError, preferLocal });

  beforeAll(async () => {
    t = await createTestApp(engine);
    importDir = t.container.archivePaths.importDir;
    mediaDir = t.container.config.mediaDir;
    cacheDir = t.container.config.cacheDir;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    for (const dir of [importDir, mediaDir, cacheDir]) fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(importDir, { recursive: true });
    for (const table of [
      'watch_progress',
      'playlist_entries',
      'playlists',
      'download_queue',
      'videos',
      'channels',
    ] as const) {
      await db().deleteFrom(table).execute();
    }
  });

  it('imports mp4 + info.json + jpg + two vtt: rows, fragments, comments, files, 16:9 thumbnail', async () => {
    putFullVideo();
    await db()
      .insertInto('download_queue')
      .values({
        youtube_id: ID,
        title: 'queued',
        channel_id: CHANNEL,
        channel_name: 'x',
        timestamp: 1,
        vid_type: 'videos',
        auto_start: 0,
        status: 'pending',
      })
      .execute();
    const result = await run(false);
    expect(result).toMatchObject({ imported: [ID], failed: [] });

    const video = await db()
      .selectFrom('videos')
      .selectAll()
      .where('youtube_id', '=', ID)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      channel_id: CHANNEL,
      title: 'Building a Birdhouse in 10 Minutes',
      vid_type: 'videos',
      published: 1710513000000,
      view_count: 123456,
      like_count: 4321,
      comment_count: 3,
      width: 160,
      height: 90,
      media_url: `${CHANNEL}/${ID}.mp4`,
      media_size: fs.statSync(media.mp4).size,
    });
    expect(video.duration).toBeGreaterThan(1);
    expect(JSON.parse(video.streams).map((s: { type: string }) => s.type)).toEqual(['video', 'audio']);
    const channel = await db().selectFrom('channels').selectAll().executeTakeFirstOrThrow();
    expect(channel).toMatchObject({
      channel_id: CHANNEL,
      channel_name: 'Workshop Weekly',
      channel_active: 1,
      channel_subs: 98765,
    });

    const subtitles = await db().selectFrom('subtitles').selectAll().orderBy('lang').execute();
    expect(subtitles.map((s) => [s.lang, s.source, s.media_url])).toEqual([
      ['de', 'file', `${CHANNEL}/${ID}.de.vtt`],
      ['en', 'file', `${CHANNEL}/${ID}.en.vtt`],
    ]);
    const fragments = await db()
      .selectFrom('subtitle_fragments')
      .select(['lang', 'fragment_index', 'start_ms', 'end_ms', 'line'])
      .where('lang', '=', 'en')
      .orderBy('fragment_index')
      .execute();
    // seven cues: one full fragment of five and the trailing two, which upstream would drop
    expect(fragments).toEqual([
      { lang: 'en', fragment_index: 1, start_ms: 0, end_ms: 1000, line: EN_LINES.slice(0, 5).join(' ') },
      { lang: 'en', fragment_index: 2, start_ms: 1000, end_ms: 1400, line: 'Glue it Done' },
    ]);
    const comments = await db().selectFrom('comments').selectAll().orderBy('position').execute();
    expect(comments.map((c) => [c.comment_id, c.parent_id])).toEqual([
      ['UgzCommentRoot1AaBbCc', null],
      ['UgzCommentRoot1AaBbCc.ReplyOne', 'UgzCommentRoot1AaBbCc'],
      ['UgzCommentRoot2DdEeFf', null],
    ]);
    expect(await db().selectFrom('download_queue').selectAll().execute()).toEqual([]);

    expect(listTree(mediaDir)).toEqual([
      `${CHANNEL}/${ID}.de.vtt`,
      `${CHANNEL}/${ID}.en.vtt`,
      `${CHANNEL}/${ID}.mp4`,
    ]);
    expect(fs.readFileSync(path.join(mediaDir, CHANNEL, `${ID}.en.vtt`), 'utf8')).toContain(
      'Welcome to the workshop',
    );
    const thumb = path.join(cacheDir, 'videos', 'd', `${ID}.jpg`);
    expect(await imageSize(thumb)).toEqual({ width: 200, height: 112 });
    expect(listTree(importDir)).toEqual([]);
  });

  it('imports an mkv with embedded cover and subtitle stream and no info.json, converted to mp4', async () => {
    put('Mkv clip [bbbbbbbbbbb].mkv', media.mkv);
    expect((await run(false)).imported).toEqual(['bbbbbbbbbbb']);
    const video = await db().selectFrom('videos').selectAll().executeTakeFirstOrThrow();
    const channelId = stableChannelId('Some Artist');
    expect(video).toMatchObject({
      youtube_id: 'bbbbbbbbbbb',
      title: 'Mkv embedded title',
      channel_id: channelId,
    });
    const channel = await db().selectFrom('channels').selectAll().executeTakeFirstOrThrow();
    expect(channel).toMatchObject({ channel_name: 'Some Artist', channel_active: 1 });
    const file = path.join(mediaDir, channelId, 'bbbbbbbbbbb.mp4');
    const probed = await probe(file);
    expect(probed.format.format_name).toContain('mp4');
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(fs.readFileSync(path.join(mediaDir, channelId, 'bbbbbbbbbbb.en.vtt'), 'utf8')).toContain(
      'Hello from the stream',
    );
    const sub = await db().selectFrom('subtitles').selectAll().executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ lang: 'en', source: 'file' });
    expect(await db().selectFrom('subtitle_fragments').select('line').execute()).toEqual([
      { line: 'Hello from the stream Second line' },
    ]);
    // the 120x120 cover, cropped to 16:9 (a frame of the 160x90 video would be 160x90)
    expect(await imageSize(path.join(cacheDir, 'videos', 'b', 'bbbbbbbbbbb.jpg'))).toEqual({
      width: 120,
      height: 67,
    });
  });

  it('imports a webm named only by its id, without tags: title from the name, "Unknown channel"', async () => {
    put('ccccccccccc.webm', media.webm);
    expect((await run(false)).imported).toEqual(['ccccccccccc']);
    const video = await db().selectFrom('videos').selectAll().executeTakeFirstOrThrow();
    expect(video).toMatchObject({ title: 'ccccccccccc', channel_id: stableChannelId('Unknown channel') });
    const probed = await probe(path.join(mediaDir, video.media_url));
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    const channel = await db().selectFrom('channels').selectAll().executeTakeFirstOrThrow();
    expect(channel.channel_name).toBe('Unknown channel');
    expect(await imageSize(path.join(cacheDir, 'videos', 'c', 'ccccccccccc.jpg'))).toEqual({
      width: 160,
      height: 90,
    });
  });

  it('with ignore_error reports bad groups by name, imports the rest and leaves the bad files', async () => {
    putFullVideo();
    write('Broken [ddddddddddd].mp4', 'this is not a video');
    write('No id [eeeeeeeeeee].info.json', JSON.stringify({ title: 'no id here' }));
    put('No id [eeeeeeeeeee].mp4', media.mp4);
    write('Lonely.info.json', info({ id: 'fffffffffff' }));
    put('Lonely.jpg', media.jpg43);
    const result = await run(true);
    expect(result.imported).toEqual([ID]);
    expect(result.failed.map((f) => f.name).sort()).toEqual([
      'Broken [ddddddddddd]',
      'Lonely',
      'No id [eeeeeeeeeee]',
    ]);
    expect(result.failed.find((f) => f.name === 'Lonely')!.error).toMatch(/no media file/);
    expect(result.failed.find((f) => f.name.startsWith('No id'))!.error).toMatch(/has no video id/);
    expect(result.failed.find((f) => f.name.startsWith('Broken'))!.error).toMatch(/not readable media/);
    expect(listTree(importDir)).toEqual([
      'Broken [ddddddddddd].mp4',
      'Lonely.info.json',
      'Lonely.jpg',
      'No id [eeeeeeeeeee].info.json',
      'No id [eeeeeeeeeee].mp4',
    ]);
    expect(listTree(mediaDir)).toHaveLength(3);
  });

  it('without ignore_error fails naming the bad group: before any work for a group without media', async () => {
    putFullVideo();
    write('Lonely.info.json', info({ id: 'fffffffffff' }));
    await expect(run(false)).rejects.toThrow('Lonely: no media file (.mp4, .mkv or .webm) in this group');
    expect(await db().selectFrom('videos').selectAll().execute()).toEqual([]);
    expect(listTree(mediaDir)).toEqual([]);
    expect(listTree(importDir)).toHaveLength(6);
  });

  it('without ignore_error stops at corrupt media, keeping what was imported before it', async () => {
    put('Aaa first [aaaaaaaaaaa].mp4', media.mp4);
    write('Broken [ddddddddddd].mp4', 'this is not a video');
    put('Zzz last [zzzzzzzzzzz].mp4', media.mp4);
    await expect(run(false)).rejects.toThrow(
      /^Broken \[ddddddddddd\]: Broken \[ddddddddddd\]\.mp4 is not readable media/,
    );
    const ids = (await db().selectFrom('videos').select('youtube_id').execute()).map((r) => r.youtube_id);
    expect(ids).toEqual(['aaaaaaaaaaa']);
    expect(listTree(importDir)).toEqual(['Broken [ddddddddddd].mp4', 'Zzz last [zzzzzzzzzzz].mp4']);
  });

  it('re-import of an existing id replaces metadata and file but keeps watched, progress and playlists', async () => {
    putFullVideo();
    await run(false);
    const user = await createUser(t, { username: `viewer-${engine}` });
    await makeWatch(db(), user.id, ID, 1234);
    await db()
      .insertInto('watch_progress')
      .values({ user_id: user.id, youtube_id: ID, position: 42, updated_at: 1 })
      .execute();
    await db()
      .insertInto('playlists')
      .values({
        playlist_id: 'PLmine',
        playlist_name: 'Mine',
        playlist_type: 'custom',
        playlist_last_refresh: 1,
        playlist_active: 1,
        playlist_subscribed: 0,
        playlist_sort_order: 'top',
      })
      .execute();
    await db()
      .insertInto('playlist_entries')
      .values({ playlist_id: 'PLmine', idx: 0, youtube_id: ID })
      .execute();

    putFullVideo({ title: 'Birdhouse, second take', view_count: 999999 });
    fs.rmSync(path.join(importDir, `Birdhouse [${ID}].de.vtt`));
    put(`Birdhouse [${ID}].mp4`, media.taggedMp4);
    expect((await run(false)).imported).toEqual([ID]);

    const video = await db().selectFrom('videos').selectAll().executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      title: 'Birdhouse, second take',
      view_count: 999999,
    });
    expect(await watchesOf(db(), ID)).toEqual([{ user_id: user.id, watched_date: 1234 }]);
    expect(video.media_size).toBe(fs.statSync(media.taggedMp4).size);
    expect(await db().selectFrom('watch_progress').select('position').execute()).toEqual([{ position: 42 }]);
    expect(await db().selectFrom('playlist_entries').select('youtube_id').execute()).toEqual([
      { youtube_id: ID },
    ]);
    // the German subtitle is gone with its file; one mp4, one vtt
    expect(listTree(mediaDir)).toEqual([`${CHANNEL}/${ID}.en.vtt`, `${CHANNEL}/${ID}.mp4`]);
    expect(fs.statSync(path.join(mediaDir, CHANNEL, `${ID}.mp4`)).size).toBe(
      fs.statSync(media.taggedMp4).size,
    );
  });

  it('moves a re-imported video to its new channel folder and removes the old file', async () => {
    putFullVideo();
    await run(false);
    putFullVideo({ channel_id: 'UCanotherChannel00000000', channel: 'Another' });
    await run(false);
    expect(listTree(mediaDir)).toEqual([
      `UCanotherChannel00000000/${ID}.de.vtt`,
      `UCanotherChannel00000000/${ID}.en.vtt`,
      `UCanotherChannel00000000/${ID}.mp4`,
    ]);
  });

  it('prefers the embedded tags over the info.json only with prefer_local', async () => {
    put(`Tagged [${ID}].mp4`, media.taggedMp4);
    write(`Tagged [${ID}].info.json`, info());
    await run(false, true);
    const local = await db().selectFrom('videos').select(['title', 'view_count']).executeTakeFirstOrThrow();
    // the tag's title wins; the JSON still fills what the tags do not have
    expect(local).toEqual({ title: 'Embedded title', view_count: 123456 });
    put(`Tagged [${ID}].mp4`, media.taggedMp4);
    write(`Tagged [${ID}].info.json`, info());
    await run(false, false);
    const json = await db().selectFrom('videos').select('title').executeTakeFirstOrThrow();
    expect(json.title).toBe('Building a Birdhouse in 10 Minutes');
  });

  it('imports channel and playlist info JSONs with their art', async () => {
    putFullVideo();
    const fixtures = path.join(import.meta.dirname, 'fixtures/import');
    put('Workshop Weekly.info.json', path.join(fixtures, 'channel.info.json'));
    put('Workshop Weekly.jpg', media.jpg43);
    put('Workshop Weekly.banner.jpg', media.jpg43);
    put('Birdhouse series.info.json', path.join(fixtures, 'playlist.info.json'));
    const result = await run(false);
    expect(result).toMatchObject({
      imported: [ID],
      channels: [CHANNEL],
      playlists: ['PLbirdhouseSeries00000000000000000'],
    });
    const channel = await db().selectFrom('channels').selectAll().executeTakeFirstOrThrow();
    expect(channel).toMatchObject({
      channel_name: 'Workshop Weekly',
      channel_description: 'A new project every week.',
    });
    expect(fs.existsSync(path.join(cacheDir, 'channels', `${CHANNEL}_thumb.jpg`))).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, 'channels', `${CHANNEL}_banner.jpg`))).toBe(true);
    const entries = await db()
      .selectFrom('playlist_entries')
      .select(['idx', 'youtube_id'])
      .orderBy('idx')
      .execute();
    expect(entries).toEqual([
      { idx: 0, youtube_id: ID },
      { idx: 1, youtube_id: 'xvFZjo5PgG0' },
    ]);
    const art = path.join(cacheDir, 'playlists', 'PLbirdhouseSeries00000000000000000.jpg');
    expect(await imageSize(art)).toEqual({ width: 336, height: 189 });
    expect(listTree(importDir)).toEqual([]);
  });
});
