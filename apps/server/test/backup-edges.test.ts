import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makeVideo, makeWatch, watchesOf } from './factories.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

/** Backups that must not hurt: broken zips, names outside the folder, rotation, deletes, snapshots. */
describe.each(ENGINES)('backup safety and snapshots on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let staffId: number;
  let otherId: number;
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    });
    return { status: res.statusCode, body: res.body === '' ? null : res.json() };
  };
  const runTask = async (method: 'POST', url: string) => {
    const started = await call(method, url);
    await t.container.jobs.idle();
    return {
      started: started.body,
      run: (await call('GET', `/api/task/by-id/${started.body.task_id}/`)).body,
    };
  };
  const titles = async () =>
    (await call('GET', '/api/video/')).body.data.map((v: { title: string }) => v.title).sort();

  beforeAll(async () => {
    t = await createTestApp(engine);
    staffId = (await createUser(t, { username: 'k', staff: true })).id;
    otherId = (await createUser(t, { username: 'other' })).id;
    token = await t.container.auth.getOrCreateToken(staffId);
    const channel = await makeChannel(t.database.db, { channel_name: 'Kept' });
    await makeVideo(t.database.db, { channel_id: channel.channel_id, title: 'First' });
    await makeVideo(t.database.db, { channel_id: channel.channel_id, title: 'Second' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves the archive as it was when the zip is broken', async () => {
    const dir = t.container.backups.dir;
    fs.mkdirSync(dir, { recursive: true });
    await t.container.backups.create('broken');
    const [made] = t.container.backups.list();
    // cut the zip in half: the central directory is gone
    const bytes = fs.readFileSync(made!.file_path);
    fs.writeFileSync(path.join(dir, 'ta_backup-20000101-cut.zip'), bytes.subarray(0, bytes.length >> 1));
    fs.writeFileSync(path.join(dir, 'ta_backup-20000102-junk.zip'), 'not a zip at all');
    // a sound zip whose last page breaks off mid-document: found by the reading pass before any write
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from('{"index":{"_index":"ta_config","_id":"notify"}}\n{}\n'),
      'es_config-20000104-0.json',
    );
    zip.addBuffer(
      Buffer.from('{"index":{"_index":"ta_video","_id":"x"}}\n{"youtube_id": "x", "tit'),
      'es_video-20000104-0.json',
    );
    zip.end();
    await new Promise<void>((resolve) =>
      zip.outputStream
        .pipe(fs.createWriteStream(path.join(dir, 'ta_backup-20000104-torn.zip')))
        .on('close', resolve),
    );
    for (const name of [
      'ta_backup-20000101-cut.zip',
      'ta_backup-20000102-junk.zip',
      'ta_backup-20000104-torn.zip',
    ]) {
      const { run } = await runTask('POST', `/api/appsettings/backup/${name}/`);
      expect(run).toMatchObject({ status: 'FAILURE', traceback: expect.stringContaining(name) });
      expect(await titles()).toEqual(['First', 'Second']);
    }
  });

  it('refuses a file name outside the backup folder', async () => {
    const outside = path.join(t.database.dataDir, 'outside.zip');
    fs.copyFileSync(t.container.backups.list()[0]!.file_path, outside);
    for (const name of ['..%2Foutside.zip', '..%2F..%2Fetc%2Fpasswd', '.hidden.zip']) {
      const answer = await call('POST', `/api/appsettings/backup/${name}/`);
      expect(answer).toEqual({
        status: 400,
        body: { error: 'a backup is named by its file name in the backup folder' },
      });
    }
    // a link inside the folder pointing out of it is not a backup either
    fs.symlinkSync(outside, path.join(t.container.backups.dir, 'ta_backup-20000103-link.zip'));
    expect((await call('POST', '/api/appsettings/backup/ta_backup-20000103-link.zip/')).status).toBe(404);
    expect((await call('GET', '/api/appsettings/backup/ta_backup-19990101-auto.zip/')).status).toBe(404);
  });

  it('keeps the newest N auto backups (run_backup config rotate) and deletes one by name', async () => {
    await call('POST', '/api/task/schedule/run_backup/'); // no body: 400, the schedule stays unset
    await t.app.inject({
      method: 'POST',
      url: '/api/task/schedule/run_backup/',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: { config: { rotate: 2 } },
    });
    const dir = t.container.backups.dir;
    const made = t.container.backups.list().find((b) => b.reason === 'broken')!;
    for (const day of ['20200101', '20200102', '20200103']) {
      fs.copyFileSync(made.file_path, path.join(dir, `ta_backup-${day}-auto.zip`));
    }
    const { run } = await runTask('POST', '/api/appsettings/backup/');
    expect(run.status).toBe('SUCCESS');
    const autos = t.container.backups
      .list()
      .filter((b) => b.reason === 'auto')
      .map((b) => b.filename);
    expect(autos).toHaveLength(2);
    expect(autos[1]).toBe('ta_backup-20200103-auto.zip');
    expect(run.result).toContain('rotated out ta_backup-20200102-auto.zip, ta_backup-20200101-auto.zip');
    expect(await call('DELETE', `/api/appsettings/backup/${autos[1]}/`)).toEqual({ status: 204, body: null });
    expect((await call('GET', `/api/appsettings/backup/${autos[1]}/`)).status).toBe(404);
  });

  it('takes a snapshot, lists it with next_exec_str and expire_after, and restores it while serving', async () => {
    const byTitle = async (title: string) =>
      (await call('GET', '/api/video/')).body.data.find((v: { title: string }) => v.title === title)
        .youtube_id as string;
    const [first, second] = [await byTitle('First'), await byTitle('Second')];
    // each user's own watched marks are in the snapshot
    await makeWatch(t.database.db, otherId, first, 1_000);
    await makeWatch(t.database.db, staffId, second, 2_000);
    const { started, run } = await runTask('POST', '/api/appsettings/snapshot/');
    expect(started).toEqual({
      snapshot_name: expect.stringMatching(/^ta_daily_\d{8}-\d{6}/),
      task_id: expect.any(String),
    });
    expect(run.status).toBe('SUCCESS');
    const list = (await call('GET', '/api/appsettings/snapshot/')).body;
    expect(list).toEqual({
      next_exec: expect.any(Number),
      next_exec_str: expect.stringMatching(/^\d{4}-\d\d-\d\d 12:00$/),
      expire_after: '30d',
      snapshots: [
        {
          id: started.snapshot_name,
          state: 'SUCCESS',
          es_version: expect.stringContaining(engine),
          start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
          end_date: expect.any(String),
          end_stamp: expect.any(Number),
          duration_s: expect.any(Number),
        },
      ],
    });
    expect((await call('GET', `/api/appsettings/snapshot/${started.snapshot_name}/`)).body.id).toBe(
      started.snapshot_name,
    );

    await call('DELETE', `/api/video/${second}/`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/watched/',
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          payload: { id: first, is_watched: true },
        })
      ).statusCode,
    ).toBe(200);
    await makeVideo(t.database.db, { title: 'Added after the snapshot' });
    expect(await titles()).toEqual(['Added after the snapshot', 'First']);

    const restore = await runTask('POST', `/api/appsettings/snapshot/${started.snapshot_name}/`);
    expect(restore.started).toEqual({ accepted: true, task_id: expect.any(String) });
    expect(restore.run).toMatchObject({ name: 'restore_backup', status: 'SUCCESS' });
    expect(await titles()).toEqual(['First', 'Second']);
    expect((await call('GET', '/api/search/?query=second')).body.results.video_results).toHaveLength(1);
    expect((await call('GET', '/api/stats/video/')).body.doc_count).toBe(2);
    expect(await watchesOf(t.database.db, first)).toEqual([{ user_id: otherId, watched_date: 1_000 }]);
    expect(await watchesOf(t.database.db, second)).toEqual([{ user_id: staffId, watched_date: 2_000 }]);
    expect((await call('GET', '/api/stats/watch/')).body.watched).toMatchObject({ items: 1 });

    expect((await call('POST', '/api/appsettings/snapshot/ta_daily_19990101-000000/')).status).toBe(400);
    expect(await call('DELETE', `/api/appsettings/snapshot/${started.snapshot_name}/`)).toEqual({
      status: 204,
      body: null,
    });
    expect((await call('GET', '/api/appsettings/snapshot/')).body.snapshots).toEqual([]);
  });
});
