import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { upstreamTokenClient, type UpstreamClient } from './helpers/upstream-client.ts';
import { listTree, makeSampleMedia, vtt, type SampleMedia } from './helpers/import-media.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/import/video.info.json');
const CHANNEL = 'UCw4w9WgXcQdQw4w9WgXcQdQ';
const KEPT = ['keptVideo01', 'keptVideo02'];
const DELETED = 'deletedVid1';
const NEW = 'newOnDisk01';
const BROKEN = 'brokenFile1';

let media: SampleMedia;
beforeAll(async () => {
  media = await makeSampleMedia();
});
afterAll(() => fs.rmSync(media.dir, { recursive: true, force: true }));

describe.each(ENGINES)('rescan_filesystem on %s', (engine) => {
  let t: TestApp;
  let mediaDir: string;
  const db = () => t.database.db;
  let staff: UpstreamClient;
  // as upstream clients call: token auth, JSON content type on every call
  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await staff.request(method, url, body);
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  /** Three videos of one channel, archived through the manual import (files, rows, thumbnails). */
  const archiveThree = async () => {
    const importDir = t.container.archivePaths.importDir;
    fs.mkdirSync(importDir, { recursive: true });
    const info = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as object;
    for (const id of [...KEPT, DELETED]) {
      fs.copyFileSync(media.mp4, path.join(importDir, `Clip ${id} [${id}].mp4`));
      fs.writeFileSync(
        path.join(importDir, `Clip ${id} [${id}].info.json`),
        JSON.stringify({ ...info, id, title: `Clip ${id}`, comments: undefined }),
      );
      fs.writeFileSync(path.join(importDir, `Clip ${id} [${id}].en.vtt`), vtt([`line of ${id}`]));
    }
    const result = await t.container.manualImport.run({ ignoreError: false, preferLocal: false });
    expect(result.imported.sort()).toEqual([...KEPT, DELETED].sort());
  };
  const videoRows = () => db().selectFrom('videos').selectAll().orderBy('youtube_id').execute();
  const runByName = async () => {
    const started = await api('POST', '/api/task/by-name/rescan_filesystem/');
    expect(started).toEqual({ status: 200, body: { task_id: expect.any(String), status: 'PENDING' } });
    await t.container.jobs.idle();
    return (await api('GET', `/api/task/by-id/${started.body.task_id}/`)).body;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await upstreamTokenClient(t, (await createUser(t, { username: 'k', staff: true })).id);
    mediaDir = t.container.config.mediaDir;
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });
  beforeEach(async () => {
    for (const dir of [mediaDir, t.container.config.cacheDir])
      fs.rmSync(dir, { recursive: true, force: true });
    for (const table of ['playlist_entries', 'playlists', 'videos', 'channels'] as const) {
      await db().deleteFrom(table).execute();
    }
    await archiveThree();
  });

  it('removes the video whose file is gone, indexes a new file, reports the unreadable one and keeps the rest', async () => {
    const channelDir = path.join(mediaDir, CHANNEL);
    fs.rmSync(path.join(channelDir, `${DELETED}.mp4`));
    // a file that is not media at all, and a new video with its subtitles, both without a row
    fs.writeFileSync(path.join(channelDir, `${BROKEN}.mp4`), 'this is not a video');
    fs.copyFileSync(media.taggedMp4, path.join(channelDir, `${NEW}.mp4`));
    fs.writeFileSync(path.join(channelDir, `${NEW}.en.vtt`), vtt(['found on the disk']));
    const keptBefore = (await videoRows()).filter((row) => KEPT.includes(row.youtube_id));
    const keptFiles = KEPT.map((id) => fs.statSync(path.join(channelDir, `${id}.mp4`)));

    const run = await runByName();
    expect(run).toMatchObject({ name: 'rescan_filesystem', status: 'SUCCESS' });
    expect(run.result).toBe(
      'removed 1 video whose file is gone, indexed 1 new file; skipped 1 file: ' +
        `${CHANNEL}/${BROKEN}.mp4: ${BROKEN}.mp4 is not readable media` +
        run.result.slice(run.result.indexOf(' (')),
    );
    const notice = (await api('GET', '/api/notification/')).body.find(
      (n: { id: string }) => n.id === run.task_id,
    );
    expect(notice).toMatchObject({ title: 'Rescan your Filesystem', level: 'error' });

    // the deleted one is gone from the archive, with its subtitles and thumbnail
    expect((await api('GET', `/api/video/${DELETED}/`)).status).toBe(404);
    expect(
      await db().selectFrom('subtitles').select('youtube_id').where('youtube_id', '=', DELETED).execute(),
    ).toEqual([]);
    expect(fs.existsSync(t.container.archivePaths.videoThumb(DELETED))).toBe(false);
    expect(fs.existsSync(path.join(channelDir, `${DELETED}.en.vtt`))).toBe(false);

    // the rest is untouched: rows and files as they were
    const rows = await videoRows();
    expect(rows.filter((row) => KEPT.includes(row.youtube_id))).toEqual(keptBefore);
    KEPT.forEach((id, i) => {
      const now = fs.statSync(path.join(channelDir, `${id}.mp4`));
      expect([now.ino, now.size, now.mtimeMs]).toEqual([
        keptFiles[i]!.ino,
        keptFiles[i]!.size,
        keptFiles[i]!.mtimeMs,
      ]);
    });
    // the unreadable file stays where it was, without a row
    expect(fs.readFileSync(path.join(channelDir, `${BROKEN}.mp4`), 'utf8')).toBe('this is not a video');
    expect(rows.map((row) => row.youtube_id)).not.toContain(BROKEN);

    // the new file is in the archive where it lies, in the channel its folder names
    const found = (await api('GET', `/api/video/${NEW}/`)).body;
    expect(found).toMatchObject({
      youtube_id: NEW,
      title: 'Embedded title',
      media_url: `/youtube/${CHANNEL}/${NEW}.mp4`,
      channel: { channel_id: CHANNEL, channel_name: 'Workshop Weekly' },
    });
    expect(found.subtitles.map((s: { lang: string }) => s.lang)).toEqual(['en']);
    expect(fs.existsSync(t.container.archivePaths.videoThumb(NEW))).toBe(true);
    expect(listTree(mediaDir)).toEqual(
      [`${BROKEN}.mp4`, ...[...KEPT, NEW].flatMap((id) => [`${id}.en.vtt`, `${id}.mp4`])]
        .map((name) => `${CHANNEL}/${name}`)
        .sort(),
    );

    // a second run finds nothing left to do but the unreadable file
    expect((await runByName()).result).toMatch(
      /^removed 0 videos whose file is gone, indexed 0 new files; skipped 1 file/,
    );
  });

  it('stops between two files when told to, leaving every file with its row or none', async () => {
    const channelDir = path.join(mediaDir, CHANNEL);
    // a run learns of a stop within COMMAND_POLL_MS (250 ms): enough files that indexing them all takes
    // longer than that on a fast machine (6 took ~0.2 s here, and the stop came after the last one)
    // ids of 11 characters, as the import reads them from file names
    const ids = Array.from({ length: 30 }, (_, i) => `stopResc${String(i).padStart(3, '0')}`);
    for (const id of ids) fs.copyFileSync(media.mp4, path.join(channelDir, `${id}.mp4`));
    const started = (await api('POST', '/api/task/by-name/rescan_filesystem/')).body;
    for (;;) {
      const notices = (await api('GET', '/api/notification/')).body;
      const live = notices.find((n: { id: string }) => n.id === started.task_id);
      if (live?.messages[0]?.startsWith('Indexing')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await api('POST', `/api/task/by-id/${started.task_id}/`, { command: 'stop' })).status).toBe(204);
    await t.container.jobs.idle();
    const run = (await api('GET', `/api/task/by-id/${started.task_id}/`)).body;
    expect(run).toMatchObject({ status: 'REVOKED' });
    const indexed = (await videoRows()).map((row) => row.youtube_id).filter((id) => ids.includes(id));
    expect(indexed.length).toBeLessThan(ids.length);
    // the files are all still there; the stopped run left nothing staged
    for (const id of ids) expect(fs.existsSync(path.join(channelDir, `${id}.mp4`))).toBe(true);
    expect(listTree(t.container.archivePaths.rescanStagingDir)).toEqual([]);
    // the next run indexes the rest
    expect((await runByName()).result).toBe(
      `removed 0 videos whose file is gone, indexed ${ids.length - indexed.length} new file${ids.length - indexed.length === 1 ? '' : 's'}`,
    );
  });

  it('removes nothing when the media folder is empty, as an unmounted disk looks', async () => {
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.mkdirSync(mediaDir);
    const run = await runByName();
    expect(run).toMatchObject({ status: 'FAILURE' });
    expect(run.traceback).toMatch(
      /holds no video files while the archive has 3: is it mounted\? Nothing was removed\./,
    );
    expect((await videoRows()).length).toBe(3);
  });

  it('starts through POST /api/appsettings/rescan-filesystem/ with upstream body', async () => {
    const missing = await api('POST', '/api/appsettings/rescan-filesystem/', { ignore_error: true });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('prefer_local');
    const started = await api('POST', '/api/appsettings/rescan-filesystem/', {
      ignore_error: false,
      prefer_local: false,
    });
    expect(started).toEqual({ status: 200, body: { task_id: expect.any(String), status: 'PENDING' } });
    await t.container.jobs.idle();
    const run = (await api('GET', `/api/task/by-id/${started.body.task_id}/`)).body;
    expect(run).toMatchObject({
      status: 'SUCCESS',
      result: 'removed 0 videos whose file is gone, indexed 0 new files',
    });
  });
});
