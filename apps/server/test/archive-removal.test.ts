import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRow } from '../src/db/tables.ts';
import {
  makeChannel,
  makeComment,
  makePlaylist,
  makeProgress,
  makeSubtitle,
  makeVideo,
} from './factories.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

describe.each(ENGINES)('deleting videos, channels and playlists on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  let viewerId: number;

  const db = () => t.database.db;
  const paths = () => t.container.archivePaths;
  const touch = (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
    return file;
  };
  const count = async (
    table: 'videos' | 'subtitles' | 'comments' | 'watch_progress' | 'playlists',
    column: string,
    value: string,
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column as never, '=', value as never)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A video with its files on disk: media, English and German subtitles, thumbnail; plus rows. */
  async function archivedVideo(channelId?: string) {
    const video = await makeVideo(db(), channelId ? { channel_id: channelId } : {});
    const files = [touch(paths().media(video.media_url)), touch(paths().videoThumb(video.youtube_id))];
    for (const lang of ['en', 'de']) {
      const subtitle = await makeSubtitle(db(), video, lang);
      files.push(touch(paths().media(subtitle.media_url)));
    }
    await makeComment(db(), video.youtube_id);
    await makeProgress(db(), viewerId, video.youtube_id, 42);
    return { video, files };
  }
  const entries = async (playlistId: string) =>
    (await staff.request({ method: 'GET', url: `/api/playlist/${playlistId}/` })).json().playlist_entries;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewerId = (await createUser(t, { username: 'viewer' })).id;
    viewer = await sessionClient(t, viewerId);
  });
  afterAll(() => t.close());

  it('a video: file, subtitles, thumbnail and rows go; custom playlists close the gap; provider ones keep it', async () => {
    const { video, files } = await archivedVideo();
    const [before, after] = [await makeVideo(db()), await makeVideo(db())];
    const custom = await makePlaylist(db(), {
      playlist_type: 'custom',
      entries: [before.youtube_id, video.youtube_id, after.youtube_id],
    });
    const regular = await makePlaylist(db(), { entries: [video.youtube_id, before.youtube_id] });

    expect(
      (await viewer.request({ method: 'DELETE', url: `/api/video/${video.youtube_id}/` })).statusCode,
    ).toBe(403);
    const res = await staff.request({ method: 'DELETE', url: `/api/video/${video.youtube_id}/` });
    expect(res.statusCode).toBe(204);
    for (const file of files) expect(fs.existsSync(file), file).toBe(false);
    expect(await count('videos', 'youtube_id', video.youtube_id)).toBe(0);
    expect(await count('subtitles', 'youtube_id', video.youtube_id)).toBe(0);
    expect(await count('comments', 'youtube_id', video.youtube_id)).toBe(0);
    expect(await count('watch_progress', 'youtube_id', video.youtube_id)).toBe(0);
    expect(
      (await entries(custom.playlist_id)).map((e: { idx: number; youtube_id: string }) => [
        e.idx,
        e.youtube_id,
      ]),
    ).toEqual([
      [0, before.youtube_id],
      [1, after.youtube_id],
    ]);
    expect((await entries(regular.playlist_id))[0]).toMatchObject({
      youtube_id: video.youtube_id,
      downloaded: false,
    });
    expect((await staff.request({ method: 'GET', url: `/api/video/${video.youtube_id}/` })).statusCode).toBe(
      404,
    );
    expect(
      (await staff.request({ method: 'DELETE', url: `/api/video/${video.youtube_id}/` })).statusCode,
    ).toBe(404);
  });

  it('a file that cannot be removed is reported while the rows are gone', async () => {
    const { video } = await archivedVideo();
    // a non-empty folder where the German subtitle file should be: removing it as a file fails
    const stuck = paths().media(`${video.channel_id}/${video.youtube_id}.de.vtt`);
    fs.rmSync(stuck);
    touch(path.join(stuck, 'inside'));
    const res = await staff.request({ method: 'DELETE', url: `/api/video/${video.youtube_id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'deleted, but 1 file(s) could not be removed',
      failed_files: [stuck],
    });
    expect(await count('videos', 'youtube_id', video.youtube_id)).toBe(0);
    expect(fs.existsSync(paths().media(video.media_url))).toBe(false);
  });

  it('a channel: its media folder, videos, comments, subtitles, playlists and art', async () => {
    const channel = await makeChannel(db());
    const other = await archivedVideo();
    const mine: { video: VideoRow; files: string[] }[] = [
      await archivedVideo(channel.channel_id),
      await archivedVideo(channel.channel_id),
    ];
    const stray = touch(paths().media(`${channel.channel_id}/leftover.part`));
    const art = touch(paths().channelArt(channel.channel_id, 'banner'));
    const owned = await makePlaylist(db(), {
      playlist_channel_id: channel.channel_id,
      entries: [mine[0]!.video.youtube_id],
    });
    const ownedArt = touch(paths().playlistArt(owned.playlist_id));
    const custom = await makePlaylist(db(), {
      playlist_type: 'custom',
      entries: [mine[1]!.video.youtube_id, other.video.youtube_id],
    });

    expect(
      (await viewer.request({ method: 'DELETE', url: `/api/channel/${channel.channel_id}/` })).statusCode,
    ).toBe(403);
    const res = await staff.request({ method: 'DELETE', url: `/api/channel/${channel.channel_id}/` });
    expect(res.statusCode).toBe(204);
    expect(fs.existsSync(paths().media(channel.channel_id))).toBe(false);
    for (const file of [...mine.flatMap((m) => m.files), stray, art, ownedArt])
      expect(fs.existsSync(file), file).toBe(false);
    for (const { video } of mine) {
      expect(await count('videos', 'youtube_id', video.youtube_id)).toBe(0);
      expect(await count('comments', 'youtube_id', video.youtube_id)).toBe(0);
      expect(await count('subtitles', 'youtube_id', video.youtube_id)).toBe(0);
    }
    expect(await count('playlists', 'playlist_id', owned.playlist_id)).toBe(0);
    expect((await entries(custom.playlist_id)).map((e: { youtube_id: string }) => e.youtube_id)).toEqual([
      other.video.youtube_id,
    ]);
    for (const file of other.files) expect(fs.existsSync(file), file).toBe(true);
    expect(
      (await staff.request({ method: 'GET', url: `/api/channel/${channel.channel_id}/` })).statusCode,
    ).toBe(404);
    expect(
      (await staff.request({ method: 'DELETE', url: `/api/channel/${channel.channel_id}/` })).statusCode,
    ).toBe(404);
  });

  it('a playlist: metadata only keeps the videos; delete-videos=true (or delete_videos) removes them', async () => {
    for (const flag of ['delete-videos', 'delete_videos']) {
      const kept = await archivedVideo();
      const gone = await archivedVideo();
      const metadataOnly = await makePlaylist(db(), { entries: [kept.video.youtube_id] });
      const withVideos = await makePlaylist(db(), { entries: [gone.video.youtube_id, 'neverArchived'] });
      const art = touch(paths().playlistArt(metadataOnly.playlist_id));

      expect(
        (await staff.request({ method: 'DELETE', url: `/api/playlist/${metadataOnly.playlist_id}/` }))
          .statusCode,
      ).toBe(204);
      expect(await count('playlists', 'playlist_id', metadataOnly.playlist_id)).toBe(0);
      expect(fs.existsSync(art)).toBe(false);
      expect(await count('videos', 'youtube_id', kept.video.youtube_id)).toBe(1);
      for (const file of kept.files) expect(fs.existsSync(file)).toBe(true);

      const url = `/api/playlist/${withVideos.playlist_id}/?${flag}=true`;
      expect((await viewer.request({ method: 'DELETE', url })).statusCode).toBe(403);
      expect((await staff.request({ method: 'DELETE', url })).statusCode).toBe(204);
      expect(await count('playlists', 'playlist_id', withVideos.playlist_id)).toBe(0);
      expect(await count('videos', 'youtube_id', gone.video.youtube_id)).toBe(0);
      for (const file of gone.files) expect(fs.existsSync(file), file).toBe(false);
    }
    expect((await staff.request({ method: 'DELETE', url: '/api/playlist/PLnothing/' })).statusCode).toBe(404);
  });
});
