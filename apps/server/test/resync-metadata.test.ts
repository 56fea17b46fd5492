import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makeVideo } from './factories.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { listTree, makeSampleMedia, tool, type SampleMedia } from './helpers/import-media.ts';
import { upstreamSessionClient, type UpstreamClient } from './helpers/upstream-client.ts';

interface Probed {
  format: { tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; disposition?: { attached_pic?: number } }[];
}
const probeTags = async (file: string) =>
  JSON.parse(
    await tool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]),
  ) as Probed;

/** resync_metadata (upstream §3.7): the archive's metadata and thumbnail written into the media files. */
describe.each(ENGINES)('resync_metadata on %s', (engine) => {
  let t: TestApp;
  let media: SampleMedia;
  let staff: UpstreamClient;

  beforeAll(async () => {
    media = await makeSampleMedia();
    t = await createTestApp(engine);
    staff = await upstreamSessionClient(t, (await createUser(t, { username: 'staff', staff: true })).id);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(media.dir, { recursive: true, force: true });
  });

  /** A video whose media file is a real copy of the sample mp4 (and, if asked, a thumbnail). */
  async function archivedVideo(channelId: string, title: string, withThumb: boolean) {
    const video = await makeVideo(t.database.db, {
      channel_id: channelId,
      title,
      description: `About ${title}\nsecond line`,
      published: Date.UTC(2023, 4, 17, 12),
    });
    const file = t.container.archivePaths.media(video.media_url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(media.mp4, file);
    if (withThumb) {
      const thumb = t.container.archivePaths.videoThumb(video.youtube_id);
      fs.mkdirSync(path.dirname(thumb), { recursive: true });
      fs.copyFileSync(media.jpg43, thumb);
    }
    return { video, file };
  }

  const task = async (id: string) => (await staff.request('GET', `/api/task/by-id/${id}/`)).json();

  it('tags every file with title, channel, description, date and page URL, with the thumbnail as cover', async () => {
    const channel = await makeChannel(t.database.db, { channel_name: 'Embed Channel' });
    const a = await archivedVideo(channel.channel_id, 'First «tagged» video', true);
    const b = await archivedVideo(channel.channel_id, 'Second video', false);
    const gone = await makeVideo(t.database.db, { channel_id: channel.channel_id });

    const started = await staff.request('POST', '/api/task/by-name/resync_metadata/');
    expect(started.statusCode).toBe(200);
    await t.container.jobs.idle();
    const run = await task(started.json().task_id);
    expect(run.status).toBe('SUCCESS');
    expect(run.result).toBe(
      `embedded metadata into 2 of 3 videos; failed: ${gone.youtube_id}: media file missing`,
    );

    const first = await probeTags(a.file);
    expect(first.format.tags).toMatchObject({
      title: 'First «tagged» video',
      artist: 'Embed Channel',
      description: 'About First «tagged» video\nsecond line',
      comment: `https://www.youtube.com/watch?v=${a.video.youtube_id}`,
      date: '20230517',
    });
    // the picture is a cover, after the playable video stream, and the audio is still there
    expect(first.streams.map((s) => [s.codec_type, s.disposition?.attached_pic ?? 0])).toEqual([
      ['video', 0],
      ['audio', 0],
      ['video', 1],
    ]);
    const second = await probeTags(b.file);
    expect(second.format.tags).toMatchObject({ title: 'Second video', artist: 'Embed Channel' });
    expect(second.streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);

    const stored = await t.database.db
      .selectFrom('videos')
      .select(['youtube_id', 'media_size'])
      .where('youtube_id', 'in', [a.video.youtube_id, b.video.youtube_id])
      .orderBy('youtube_id')
      .execute();
    for (const row of stored) {
      const file = row.youtube_id === a.video.youtube_id ? a.file : b.file;
      expect(Number(row.media_size)).toBe(fs.statSync(file).size);
    }
    expect(listTree(t.container.archivePaths.mediaDir).filter((f) => f.includes('embedding'))).toEqual([]);

    const notes = (await staff.request('GET', '/api/notification/')).json();
    expect(notes).toContainEqual(
      expect.objectContaining({
        id: started.json().task_id,
        title: 'Sync Metadata to Media Files',
        level: 'error',
      }),
    );

    // running it again replaces the cover instead of adding a second one
    await staff.request('POST', '/api/task/by-name/resync_metadata/');
    await t.container.jobs.idle();
    const again = await probeTags(a.file);
    expect(again.streams.filter((s) => s.disposition?.attached_pic === 1)).toHaveLength(1);
  });

  it('stops between files on request; every file is either untouched or fully tagged', async () => {
    const channel = await makeChannel(t.database.db, { channel_name: 'Stop Channel' });
    const files: string[] = [];
    for (let i = 0; i < 6; i++) files.push((await archivedVideo(channel.channel_id, `Stop ${i}`, true)).file);
    const started = await staff.request('POST', '/api/task/by-name/resync_metadata/');
    const id = started.json().task_id;
    const stop = await staff.request('POST', `/api/task/by-id/${id}/`, { command: 'stop' });
    expect(stop.statusCode).toBe(204);
    await t.container.jobs.idle();
    expect((await task(id)).status).toBe('REVOKED');
    let tagged = 0;
    for (const file of files) {
      const probed = await probeTags(file);
      expect(probed.streams.map((s) => s.codec_type).slice(0, 2)).toEqual(['video', 'audio']);
      if (probed.format.tags?.artist === 'Stop Channel') tagged += 1;
    }
    expect(tagged).toBeLessThan(files.length);
    expect(listTree(t.container.archivePaths.mediaDir).filter((f) => f.includes('embedding'))).toEqual([]);
  });
});
