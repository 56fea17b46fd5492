import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewQueueItem } from '../src/repositories/download-queue.repository.ts';
import { DownloadQueueRepository } from '../src/repositories/download-queue.repository.ts';
import { makeChannel, makeVideo } from './factories.ts';
import { startAssetServer } from './helpers/acquisition.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { FAKE, FAKE_YTDLP_PATH } from './helpers/fake-ytdlp.ts';

let assets: Awaited<ReturnType<typeof startAssetServer>>;
beforeAll(async () => {
  // thumbnails of the fake provider come from this local stand-in
  assets = await startAssetServer();
  process.env.FAKE_YTDLP_ASSET_URL = assets.url;
});
afterAll(async () => {
  delete process.env.FAKE_YTDLP_ASSET_URL;
  await assets.close();
});

interface Item {
  youtube_id: string;
  status: string;
  auto_start: boolean;
  message?: string;
  vid_type: string;
  channel_id: string;
}

describe.each(ENGINES)('download queue API on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let viewer: Client;
  const get = (client: Client, url: string) => client.request({ method: 'GET', url });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, client = staff) =>
    client.request({ method, url, ...(payload && { payload }) });
  const ids = async (url: string) =>
    ((await get(staff, url)).json().data as Item[]).map((item) => item.youtube_id).sort();
  const item = async (id: string) => (await get(staff, `/api/download/${id}/`)).json() as Item;

  /** Adds lines through the API and waits for extract_download; returns the task's result text. */
  const add = async (lines: string[], query = '', status = 'pending') => {
    const res = await send('POST', `/api/download/${query}`, {
      data: lines.map((youtube_id) => ({ youtube_id, status })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'add to queue task started', task_id: expect.any(String) });
    await t.container.jobs.idle();
    return (await get(staff, `/api/task/by-id/${res.json().task_id}/`)).json() as {
      status: string;
      result: string;
    };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { YTDLP_PATH: FAKE_YTDLP_PATH });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
    viewer = await sessionClient(t, (await createUser(t, { username: 'viewer' })).id);
    // no rand_sleep between provider calls (default 10 s)
    await t.container.appConfig.update({ downloads: { sleep_interval: 0 } });
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  it('queues the good lines of a batch and reports each bad line', async () => {
    const task = await add([FAKE.video, 'not-an-id!', FAKE.failing, 'https://example.com/watch?v=x']);
    expect(task.status).toBe('SUCCESS');
    expect(task.result).toContain('Added 1 video to the queue.');
    expect(task.result).toContain('not-an-id!: not a valid id_str');
    expect(task.result).toContain(`${FAKE.failing}: `);
    expect(task.result).toContain('Video unavailable');
    // the same category and advice as a failed download (issue 16)
    expect(task.result).toMatch(/Video unavailable \[Removed: The provider removed it: not retried\./);
    expect(task.result).toContain('https://example.com/watch?v=x: invalid domain');
    const res = await get(staff, '/api/download/?filter=pending');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        _index: 'ta_download',
        _score: 0,
        auto_start: false,
        channel_id: FAKE.alpha.id,
        channel_indexed: false,
        channel_name: FAKE.alpha.name,
        duration: expect.stringMatching(/^\d+m \d\ds$/),
        published: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
        status: 'pending',
        timestamp: expect.any(Number),
        title: expect.any(String),
        vid_thumb_url: `/cache/videos/a/${FAKE.video}.jpg`,
        vid_type: 'videos',
        youtube_id: FAKE.video,
      },
    ]);
    expect(res.json().data[0].timestamp).toBeLessThan(Date.now() / 1000 + 1);
    // the thumbnail is cached where the page's URL points
    const thumb = path.join(t.container.config.cacheDir, 'videos', 'a', `${FAKE.video}.jpg`);
    expect(fs.existsSync(thumb)).toBe(true);
    expect(assets.requests).toContain(`/vi/${FAKE.video}/maxresdefault.jpg`);
    expect(res.json().paginate).toMatchObject({ total_hits: 1, max_hits: false, current_page: 0 });
  });

  it('expands a channel handle and a playlist into their videos, with the tab as the video type', async () => {
    const task = await add([FAKE.bravo.handle, FAKE.playlist]);
    expect(task.result).not.toContain('Failed');
    const bravo = (await get(staff, `/api/download/?channel=${FAKE.bravo.id}`)).json().data as Item[];
    expect(bravo.map((i) => [i.youtube_id, i.vid_type]).sort()).toEqual([
      ['bravoLiv001', 'streams'],
      ['bravoLiv002', 'streams'],
      ['bravoVid001', 'videos'],
      ['bravoVid002', 'videos'],
      ['bravoVid003', 'videos'],
    ]);
    // the playlist is indexed too (upstream update_playlist), so its videos join it once archived
    const playlist = await get(staff, `/api/playlist/${FAKE.playlist}/`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.json().playlist_entries.length).toBeGreaterThan(0);
  });

  it('reads one item, and answers 404 for a missing one', async () => {
    expect(await item(FAKE.video)).toMatchObject({ youtube_id: FAKE.video, status: 'pending' });
    const missing = await get(staff, '/api/download/nosuchvideo/');
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'Download item not found' }]);
  });

  it('moves an item between queue and ignore list, and to the front with priority', async () => {
    const url = `/api/download/${FAKE.video}/`;
    expect((await send('POST', url, { status: 'ignore' })).json()).toEqual({ status: 'ignore' });
    expect(await ids('/api/download/?filter=ignore')).toEqual([FAKE.video]);
    expect(await ids('/api/download/?filter=pending')).not.toContain(FAKE.video);
    await send('POST', url, { status: 'pending' });
    expect((await item(FAKE.video)).status).toBe('pending');
    await t.container.downloadQueue.setMessage(FAKE.video, 'HTTP Error 500');
    expect((await item(FAKE.video)).message).toBe('HTTP Error 500');
    expect((await send('POST', url, { status: 'priority' })).statusCode).toBe(200);
    await t.container.jobs.idle();
    const after = await get(staff, url);
    // priority starts a download run, which may already have archived the video
    if (after.statusCode === 200)
      expect(after.json()).toMatchObject({ auto_start: false, status: 'pending' });
    expect(after.json().message).toBeUndefined();
    for (const status of ['pending', 'ignore', 'priority']) {
      const res = await send('POST', '/api/download/nosuchvideo/', { status });
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'Download item not found' }]);
    }
    expect((await send('POST', url, { status: 'bogus' })).statusCode).toBe(400);
  });

  it('puts a video that is not queued straight on the ignore list with ignore-force', async () => {
    const res = await send('POST', '/api/download/alphaSht001/', { status: 'ignore-force' });
    expect(res.json()).toEqual({ status: 'ignore-force' });
    await t.container.jobs.idle();
    expect(await item('alphaSht001')).toMatchObject({ status: 'ignore', vid_type: 'shorts' });
  });

  it('changes, clears errors of and deletes items in bulk by filter', async () => {
    const q = t.container.downloadQueue;
    await q.setMessage('bravoVid001', 'failed once');
    expect(await ids(`/api/download/?filter=pending&error=true`)).toEqual(['bravoVid001']);
    expect(await ids(`/api/download/?channel=${FAKE.bravo.id}&error=false`)).toHaveLength(4);
    const clear = await send('PATCH', '/api/download/?filter=pending&error=true', { status: 'clear_error' });
    expect(clear.statusCode).toBe(204);
    expect(await ids('/api/download/?error=true')).toEqual([]);
    await send('PATCH', `/api/download/?filter=pending&channel=${FAKE.bravo.id}&vid_type=streams`, {
      status: 'ignore',
    });
    expect(await ids(`/api/download/?filter=ignore&channel=${FAKE.bravo.id}`)).toEqual([
      'bravoLiv001',
      'bravoLiv002',
    ]);
    expect((await send('PATCH', '/api/download/', { status: 'ignore' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/download/')).statusCode).toBe(400);
    const del = await send('DELETE', `/api/download/?filter=ignore&channel=${FAKE.bravo.id}`);
    expect(del.statusCode).toBe(204);
    expect(await ids(`/api/download/?channel=${FAKE.bravo.id}`)).toEqual([
      'bravoVid001',
      'bravoVid002',
      'bravoVid003',
    ]);
  });

  it('filters by title phrase and video type, and refuses unknown parameters', async () => {
    const rows = (await get(staff, '/api/download/')).json().data as (Item & { title: string })[];
    const sample = rows.find((r) => r.title.includes(' '))!;
    const [first, second] = sample.title.split(' ');
    const phrase = `${first!.toUpperCase()} ${second!.slice(0, 2)}`;
    expect(await ids(`/api/download/?q=${encodeURIComponent(phrase)}`)).toContain(sample.youtube_id);
    expect(await ids(`/api/download/?q=${encodeURIComponent(second!.slice(1))}`)).not.toContain(
      sample.youtube_id,
    );
    expect(await ids('/api/download/?q=100%25')).toEqual([]);
    const bad = await get(staff, '/api/download/?filter=pending&sort=title');
    expect(bad.statusCode).toBe(400);
    expect((await get(staff, '/api/download/?vid_type=shorts')).json().data.length).toBeGreaterThan(0);
  });

  it('counts the queue per channel, most items first', async () => {
    const res = await get(viewer, '/api/download/aggs/?filter=pending');
    expect(res.statusCode).toBe(200);
    const aggs = res.json();
    expect(aggs).toMatchObject({ doc_count_error_upper_bound: 0, sum_other_doc_count: 0 });
    const total = (aggs.buckets as { doc_count: number }[]).reduce((n, b) => n + b.doc_count, 0);
    expect(total).toBe((await get(staff, '/api/download/?filter=pending')).json().paginate.total_hits);
    const counts = (aggs.buckets as { doc_count: number }[]).map((b) => b.doc_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(aggs.buckets).toContainEqual({
      key: [FAKE.bravo.name, FAKE.bravo.id],
      key_as_string: `${FAKE.bravo.name}|${FAKE.bravo.id}`,
      doc_count: 3,
    });
  });

  it('never queues again on a rescan what is ignored, deleted on purpose or archived', async () => {
    await makeChannel(t.database.db, { channel_id: FAKE.charlie.id, channel_name: FAKE.charlie.name });
    await makeVideo(t.database.db, { youtube_id: 'charlieV001', channel_id: FAKE.charlie.id });
    await add(['charlieS001', 'charlieS002']);
    await send('POST', '/api/download/charlieS001/', { status: 'ignore' });
    expect((await send('DELETE', '/api/download/charlieS002/')).statusCode).toBe(204);
    expect((await get(staff, '/api/download/charlieS002/')).statusCode).toBe(404);
    const entries = ['charlieV001', 'charlieV002', 'charlieS001', 'charlieS002', 'charlieS003'].map((id) => ({
      entry: { id, title: `Title of ${id}`, channel_id: FAKE.charlie.id, channel: FAKE.charlie.name },
      vidType: id.includes('S') ? ('shorts' as const) : ('videos' as const),
    }));
    const report = await t.container.downloadQueue.enqueueFromScan(entries, { channelId: FAKE.charlie.id });
    expect(report).toMatchObject({ added: 2, skipped: 3 });
    expect(await ids(`/api/download/?channel=${FAKE.charlie.id}&filter=pending`)).toEqual([
      'charlieS003',
      'charlieV002',
    ]);
    expect((await item('charlieV002')).channel_id).toBe(FAKE.charlie.id);
    expect(await t.container.downloadQueue.isBlocked('charlieS001')).toBe(true);
    expect(await t.container.downloadQueue.isBlocked('charlieS002')).toBe(true);
    // adding a deleted video by hand lifts the block
    expect((await add(['charlieS002'])).result).toContain('Added 1 video');
    expect(await t.container.downloadQueue.isBlocked('charlieS002')).toBe(false);
    // an archived video added by hand is skipped unless forced
    expect((await add(['charlieV001'])).result).toContain('Added 0 videos');
  });

  it('does not start a second download run while one runs; the running one takes the new items', async () => {
    await add(['alphaVid002', 'alphaVid004']);
    const runs = async () =>
      ((await get(staff, '/api/task/by-name/download_pending/')).json() as unknown[]).length;
    const before = await runs();
    process.env.FAKE_YTDLP_DELAY_MS = '300';
    try {
      await send('POST', '/api/download/alphaVid002/', { status: 'priority' });
      await send('POST', '/api/download/alphaVid004/', { status: 'priority' });
      await t.container.jobs.idle();
    } finally {
      delete process.env.FAKE_YTDLP_DELAY_MS;
    }
    expect(await runs()).toBe(before + 1);
    expect((await get(staff, '/api/download/alphaVid002/')).statusCode).toBe(404);
    expect((await get(staff, '/api/download/alphaVid004/')).statusCode).toBe(404);
    expect((await get(staff, '/api/video/alphaVid004/')).statusCode).toBe(200);
  });

  it('keeps the queue to staff, the channel counts to any signed-in user', async () => {
    expect((await get(viewer, '/api/download/')).statusCode).toBe(403);
    expect((await get(viewer, `/api/download/${FAKE.video}/`)).statusCode).toBe(403);
    expect((await send('POST', '/api/download/', { data: [{ youtube_id: 'x' }] }, viewer)).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', '/api/download/?filter=pending', undefined, viewer)).statusCode).toBe(403);
    expect((await send('POST', '/api/download/', { data: [] })).statusCode).toBe(400);
  });

  it('counts more than 10 000 items without a cap', async () => {
    const rows: NewQueueItem[] = Array.from({ length: 10_050 }, (_, i) => ({
      youtube_id: `bulk${String(i).padStart(7, '0')}`,
      title: `Bulk item ${i}`,
      channel_id: 'UCbulkChannel00000000000',
      channel_name: 'Bulk channel',
      vid_type: 'videos',
      auto_start: 0,
      timestamp: 1_700_000_000_000 + i,
      status: 'pending',
      vid_thumb_url: null,
      published: null,
      duration: null,
      message: null,
    }));
    const inserted = await new DownloadQueueRepository(t.database.db, t.database.engine).insertMany(rows);
    expect(inserted).toBe(10_050);
    const res = await get(staff, `/api/download/?filter=pending&channel=UCbulkChannel00000000000&page=838`);
    const { paginate, data } = res.json();
    expect(paginate).toMatchObject({ total_hits: 10_050, max_hits: false, last_page: false });
    // 12 per page: page 838 holds the last 6, oldest last
    expect(data.map((d: Item) => d.youtube_id)).toEqual(rows.slice(-6).map((r) => r.youtube_id));
    const aggs = (await get(staff, '/api/download/aggs/?filter=pending')).json();
    expect(aggs.buckets[0]).toMatchObject({
      key: ['Bulk channel', 'UCbulkChannel00000000000'],
      doc_count: 10_050,
    });
  });
});
