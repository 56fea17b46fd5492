import { waitFor } from './acquisition.ts';
import type { ServerHarness } from './server-process.ts';

interface VideoState {
  youtube_id: string;
  title: string;
  player: { watched: boolean };
}

/** What a user sees of the archive a restore replaces: every video with its title and watched mark, and the queue. */
export async function archiveState(harness: ServerHarness): Promise<string[]> {
  const lines: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await harness.api<{ data: VideoState[]; paginate: { last_page: number } }>(
      'GET',
      `/api/video/?page=${page}`,
    );
    for (const v of answer.data) lines.push(`video ${v.youtube_id} ${v.title} watched=${v.player.watched}`);
    if (page >= answer.paginate.last_page || !answer.data.length) break;
  }
  for (const id of (await harness.queued()).keys()) lines.push(`queued ${id}`);
  return lines.sort();
}

const untilDone = (harness: ServerHarness, taskId: string, what: string) =>
  waitFor(
    async () => {
      const task = await harness.api<{ date_done: string | null; status: string; result: unknown }>(
        'GET',
        `/api/task/by-id/${taskId}/`,
      );
      return task.date_done ? task : undefined;
    },
    60_000,
    what,
  );

/**
 * A ZIP backup of the archive as it is, then a change the restore must undo: every video's watched mark
 * flipped (a restore leaves the media files as they are, so adding or deleting a video would leave a file
 * without its row, or a row without its file, by design: the change stays in the rows). Returns both states.
 */
export async function backupThenChange(
  harness: ServerHarness,
): Promise<{ filename: string; backup: string[]; before: string[] }> {
  const backup = await archiveState(harness);
  const started = await harness.api<{ task_id: string }>('POST', '/api/appsettings/backup/');
  const done = await untilDone(harness, started.task_id, 'the backup');
  if (done.status !== 'SUCCESS') throw new Error(`the backup failed: ${JSON.stringify(done.result)}`);
  const files = await harness.api<{ filename: string }[]>('GET', '/api/appsettings/backup/');
  const filename = files[0]!.filename;
  for (const line of backup.filter((l) => l.startsWith('video '))) {
    const [, id, ...rest] = line.split(' ');
    const watched = rest.at(-1) === 'watched=true';
    await harness.api('POST', '/api/watched/', { id: id!, is_watched: !watched });
  }
  const before = await archiveState(harness);
  if (before.join() === backup.join()) throw new Error('the change after the backup changed nothing');
  return { filename, backup, before };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the restore (as upstream's client does: JSON content type, no body) and returns once the kill is
 * due: at a random moment, or (aimed) a few milliseconds after the restore reports it is checking the zip.
 * Its progress is written at most every 500 ms and, on SQLite, the writing step's progress only lands with
 * its commit, so the one visible mark is the check's first line; for a small archive the one transaction that
 * replaces the archive opens and commits within milliseconds of it. Returns the kill's delay after the mark.
 */
export async function restoreUntilKill(harness: ServerHarness, filename: string, aimed: boolean) {
  const started = await harness.call<{ task_id: string }>('POST', `/api/appsettings/backup/${filename}/`);
  if (started.status !== 200) throw new Error(`the restore did not start: ${JSON.stringify(started.body)}`);
  const taskId = started.body.task_id;
  if (!aimed) return void (await sleep(Math.random() * 300));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const live = await harness.api<{ id: string; messages: string[] }[]>('GET', '/api/notification/');
    const restore = live.find((n) => n.id === taskId);
    if (restore?.messages.some((m) => m.startsWith('Checking') || m.startsWith('Restoring'))) break;
    if (!restore) {
      const task = await harness.api<{ date_done: string | null }>('GET', `/api/task/by-id/${taskId}/`);
      if (task.date_done) return;
    }
  }
  await sleep(Math.random() * 40);
}
