import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '@tubekeeper/contract';
import { isAlive } from './helpers/fake-ytdlp.ts';
import { notificationReceiver } from './helpers/notification-receiver.ts';
import { freePort, startTubekeeper, stopProcess, waitFor } from './helpers/processes.ts';
import { BULK_CHANNEL, clipPath, ScaleOutCluster, videoOf } from './helpers/scale-out-cluster.ts';

/**
 * Scale-out for real (issue 14, DESIGN §2): one API process and two `tubekeeper worker` processes as child
 * processes on PostgreSQL + Redis (BullMQ) with the offline fake yt-dlp. It needs both services, so it runs
 * when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets them); with SQLite alone there is nothing
 * to scale out.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

type Page = { data: unknown[]; paginate: { total_hits: number } };
type Worker = HealthReport['task_runners']['workers'][number];

describe.runIf(DATABASE_URL && REDIS_URL)('scale-out: API + two workers on PostgreSQL and Redis', () => {
  const cluster = new ScaleOutCluster(DATABASE_URL!, REDIS_URL!);
  let box: Awaited<ReturnType<typeof notificationReceiver>>;
  const call = (method: string, url: string, body?: unknown) => cluster.call(method, url, body);
  const workersInHealth = async () => (await cluster.health()).task_runners.workers;
  const startRun = async () =>
    ((await call('POST', '/api/task/by-name/download_pending/')) as { task_id: string }).task_id;

  beforeAll(async () => {
    box = await notificationReceiver();
    await cluster.start({ videos: 24 });
    cluster.startWorker('w1', {
      // w1's downloads run a child as yt-dlp runs ffmpeg: it outlives a killed worker (last test)
      FAKE_YTDLP_HELPER: '1',
    });
    cluster.startWorker('w2');
  }, 90_000);

  afterAll(async () => {
    await cluster.stop();
    box?.close();
  }, 60_000);

  it('both workers show in GET /api/health/?details=true, the API process (TK_WORKERS=0) not', async () => {
    const workers = await waitFor(
      'two live workers in the health report',
      async () => {
        const list = await workersInHealth();
        return list.length === 2 && list;
      },
      60_000,
    ).catch((e: unknown) => cluster.diagnose(e));
    expect((await cluster.health()).task_runners.queue).toBe('redis');
    expect(workers.map((w) => w.id).sort()).toEqual(['w1', 'w2']);
    const pids = [cluster.workers.w1!.child.pid, cluster.workers.w2!.child.pid];
    expect(workers.map((w) => w.pid).sort()).toEqual(pids.sort());
    // what they run (tasks the API starts on its own, such as the install's scheduled feed check, may
    // already be there) is checked while a download run goes on, below
  }, 70_000);

  it('downloads 20 videos across both workers, each once, with progress, health and notification through the API', async () => {
    const twenty = cluster.ids.slice(0, 20);
    await call('POST', '/api/task/notification/', { task_name: 'download_pending', url: box.url('runs') });
    // the API process answers these before the workers write: any total it kept must not outlive the writes
    const media = `/media/${BULK_CHANNEL}/${twenty[0]}.mp4`;
    const before = await lists();
    expect(before).toMatchObject({ videos: 0, stats: 0, channels: 0, media: 404 });
    await call('POST', '/api/download/', { data: twenty.map((youtube_id) => ({ youtube_id })) });
    await waitFor('20 queued items', async () => (await cluster.pending()) === 20, 30_000).catch(
      (e: unknown) => cluster.diagnose(e),
    );
    expect((await lists()).pending).toBe(20);

    const taskId = await startRun();
    const seen: { progress: number; messages: string[] }[] = [];
    const runningOn = new Map<string, Set<string>>();
    await waitFor(
      'all 20 archived',
      async () => {
        const notes = (await call('GET', '/api/notification/')) as {
          id: string;
          progress: number;
          messages: string[];
        }[];
        const note = notes.find((n) => n.id === taskId);
        if (note) seen.push(note);
        for (const w of await workersInHealth())
          for (const r of w.running) {
            const kinds = runningOn.get(w.id) ?? new Set<string>();
            runningOn.set(w.id, kinds.add(`${r.name}${r.part ? ' part' : ''}`));
          }
        return (await cluster.archived()).length === 20;
      },
      120_000,
      150,
    ).catch((e: unknown) => cluster.diagnose(e));
    await waitFor(
      'the run to end',
      async () => (await cluster.taskRow(taskId))?.status === 'success',
      30_000,
    );

    expect(await cluster.archived()).toEqual([...twenty].sort());
    const w1 = cluster.downloadsBy('w1').map(videoOf);
    const w2 = cluster.downloadsBy('w2').map(videoOf);
    expect(w1.length).toBeGreaterThan(0);
    expect(w2.length).toBeGreaterThan(0);
    // exactly once: no video was downloaded by both workers, or twice by one
    expect([...w1, ...w2].sort()).toEqual([...twenty].sort());
    expect(seen.some((n) => n.messages.some((m) => m.startsWith('Processing Video: Bulk video')))).toBe(true);
    expect(seen.some((n) => n.progress > 0 && n.progress < 1)).toBe(true);
    // the health report showed each worker downloading its share of the run
    expect(runningOn.get('w1')).toContain('download_pending part');
    expect(runningOn.get('w2')).toContain('download_pending part');
    for (const id of twenty)
      expect(fs.existsSync(path.join(cluster.mediaDir, BULK_CHANNEL, `${id}.mp4`))).toBe(true);
    expect((await cluster.taskRow(taskId))?.result).toMatch(/^downloaded 20 video\(s\)/);
    const queue = await cluster.db.query('SELECT count(*)::int AS n FROM download_queue');
    expect(queue.rows[0].n).toBe(0);

    // the workers' writes are in the API's very next answers (point 5: nothing it kept is stale)
    expect(await lists()).toEqual({ videos: 20, pending: 0, stats: 20, channels: 1, media: 200 });
    // the worker that ran the task sent its notification through Apprise
    const sent = await waitFor(
      'the notification',
      () => box.received.find((m) => m.path === '/runs'),
      30_000,
    );
    expect(sent.title).toBe('[TA] Downloading process ended with SUCCESS');
    expect(sent.message).toMatch(/^downloaded 20 video\(s\)/);

    async function lists() {
      const videos = (await call('GET', '/api/video/')) as Page;
      const pending = (await call('GET', '/api/download/?filter=pending')) as Page;
      const stats = (await call('GET', '/api/stats/video/')) as { doc_count: number };
      const channels = (await call('GET', '/api/channel/')) as Page;
      const file = await cluster.fetch(media);
      await file.arrayBuffer();
      return {
        videos: videos.paginate.total_hits,
        pending: pending.paginate.total_hits,
        stats: stats.doc_count,
        channels: channels.paginate.total_hits,
        media: file.status,
      };
    }
  }, 200_000);

  it('a stop from the API ends the download running on a worker and kills its yt-dlp', async () => {
    // slow downloads (8 KiB/s: about 4 s per clip) so one is surely running when the stop comes
    await cluster.setDownloads({ limit_speed: 8 });
    const rest = cluster.ids.slice(20);
    await call('POST', '/api/download/', { data: rest.map((youtube_id) => ({ youtube_id })) });
    await waitFor('4 queued items', async () => (await cluster.pending()) === 4, 60_000);
    const before = cluster.downloadsBy('w1').length + cluster.downloadsBy('w2').length;
    const taskId = await startRun();
    const running = await waitFor(
      'a running download',
      () => {
        const runs = [...cluster.downloadsBy('w1'), ...cluster.downloadsBy('w2')].slice(before);
        return runs.find((r) => isAlive(r.pid));
      },
      30_000,
      100,
    );

    await call('POST', `/api/task/by-id/${taskId}/`, { command: 'stop' });
    await waitFor(
      'the stopped run',
      async () => (await cluster.taskRow(taskId))?.status === 'stopped',
      20_000,
    );
    expect(isAlive(running.pid)).toBe(false);
    // nothing of the stopped download reached the archive; its item waits in the queue
    expect(await cluster.archived()).not.toContain(videoOf(running));
    const queued = await cluster.db.query('SELECT youtube_id FROM download_queue WHERE youtube_id = $1', [
      videoOf(running),
    ]);
    expect(queued.rows).toHaveLength(1);
    expect(cluster.partialFiles()).toEqual([]);
  }, 90_000);

  it('a worker killed mid-download leaves its item to the other, with no partial file and no duplicate', async () => {
    await cluster.setDownloads({ limit_speed: 16 });
    const before = { w1: cluster.downloadsBy('w1').length, w2: cluster.downloadsBy('w2').length };
    const taskId = await startRun();
    const victim = await waitFor(
      'a download on w1',
      () =>
        cluster
          .downloadsBy('w1')
          .slice(before.w1)
          .find((r) => isAlive(r.pid) && r.helper),
      30_000,
      100,
    );
    const videoId = videoOf(victim)!;
    const killed = cluster.workers.w1!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    // its downloader's child (as yt-dlp's ffmpeg) runs on: no exit hook ran in the killed worker
    expect(isAlive(victim.helper!)).toBe(true);

    await waitFor('all 24 archived', async () => (await cluster.archived()).length === 24, 120_000, 250);
    await waitFor(
      'the run to end',
      async () => (await cluster.taskRow(taskId))?.status === 'success',
      60_000,
    ).catch((e: unknown) => cluster.diagnose(e));
    // the other worker took the item over after the claim lapsed, and archived it once
    expect(cluster.downloadsBy('w2').slice(before.w2).map(videoOf)).toContain(videoId);
    expect(await cluster.archived()).toEqual([...cluster.ids].sort());
    const rows = await cluster.db.query('SELECT count(*)::int AS n FROM videos WHERE youtube_id = $1', [
      videoId,
    ]);
    expect(rows.rows[0].n).toBe(1);
    const file = path.join(cluster.mediaDir, BULK_CHANNEL, `${videoId}.mp4`);
    expect(fs.statSync(file).size).toBe(fs.statSync(clipPath()).size);
    expect(cluster.partialFiles()).toEqual([]);
    const mp4s = fs.readdirSync(path.join(cluster.mediaDir, BULK_CHANNEL)).filter((f) => f.endsWith('.mp4'));
    expect(mp4s).toHaveLength(24);

    // the dead worker dropped out of the health report by itself (its heartbeat key expired)
    await waitFor(
      'w1 to leave the health report',
      async () => {
        const ids = (await workersInHealth()).map((w) => w.id);
        return ids.length === 1 && ids[0] === 'w2';
      },
      30_000,
    );
    // started again under its name, the worker first ends what its killed predecessor left running
    expect(isAlive(victim.helper!)).toBe(true);
    const again = cluster.startWorker('w1');
    await waitFor(
      'w1 back in the health report',
      async () => (await workersInHealth()).some((w: Worker) => w.id === 'w1' && w.pid === again.child.pid),
      60_000,
    ).catch((e: unknown) => cluster.diagnose(e));
    expect(isAlive(victim.helper!)).toBe(false);
  }, 200_000);

  it('a scheduled task fires exactly once with two workers and two API processes watching the schedule', async () => {
    // a second API process runs a scheduler too: the due slot is claimed in the database, so one wins
    const api2 = startTubekeeper(['serve'], { ...cluster.env, TK_PORT: String(await freePort()) });
    try {
      // the next minute boundary at least 15 s away, so both schedulers are up before the slot
      const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
      const answer = (await call('POST', '/api/task/schedule/update_subscribed/', {
        schedule: `${due.getUTCMinutes()} * *`,
      })) as { next_run_at: string };
      expect(Date.parse(answer.next_run_at)).toBe(due.getTime());
      const runs = async () =>
        (
          await cluster.db.query<{ id: string; status: string }>(
            "SELECT id, status FROM tasks WHERE name = 'update_subscribed'",
          )
        ).rows;
      await waitFor(
        'the scheduled run',
        async () => (await runs()).some((r) => r.status === 'success'),
        120_000,
        500,
      );
      // both schedulers looked at the slot (each wakes at the due time); still one run, done by one worker
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await runs()).toHaveLength(1);
      const schedules = (await call('GET', '/api/task/schedule/')) as {
        name: string;
        last_outcome: { status: string } | null;
      }[];
      expect(schedules.find((t) => t.name === 'update_subscribed')?.last_outcome?.status).toBe('SUCCESS');
    } finally {
      await stopProcess(api2);
    }
  }, 180_000);
});
