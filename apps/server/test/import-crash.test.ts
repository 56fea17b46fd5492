import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { listTree, makeSampleMedia, vtt, type SampleMedia } from './helpers/import-media.ts';

const SCRIPT = path.join(import.meta.dirname, 'fixtures/run-import.ts');
const VIDEOS = 5;
const KILLS = 2;
const ids = Array.from({ length: VIDEOS }, (_, i) => `crashvideo${i}`);

let media: SampleMedia;
beforeAll(async () => {
  media = await makeSampleMedia();
});
afterAll(() => fs.rmSync(media.dir, { recursive: true, force: true }));

function startImport(dataDir: string, schema: string | undefined, freeze = false): ChildProcess {
  const args = ['--import', 'tsx', SCRIPT, dataDir, ...(schema ? [schema] : [])];
  return spawn(process.execPath, args, {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TK_TEST_FREEZE_AT_FIRST_MOVE: freeze ? '1' : '0' },
  });
}

function exited(
  child: ChildProcess,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(ENGINES)('a killed manual import on %s', (engine) => {
  let t: TestApp;
  let schema: string | undefined;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine);
    if (engine === 'postgres') {
      schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db())).rows[0]!.s;
    }
    const importDir = t.container.archivePaths.importDir;
    fs.mkdirSync(importDir, { recursive: true });
    ids.forEach((id, i) => {
      const base = path.join(importDir, `Crash clip ${i} [${id}]`);
      // every other one is an mkv, whose conversion makes the run slow enough to be caught in the middle
      if (i % 2) fs.copyFileSync(media.mkv, `${base}.mkv`);
      else {
        fs.copyFileSync(media.mp4, `${base}.mp4`);
        fs.writeFileSync(
          `${base}.info.json`,
          JSON.stringify({
            id,
            title: `Crash clip ${i}`,
            channel_id: 'UCcrashcrashcrashcrash00',
            channel: 'Crash',
          }),
        );
        fs.writeFileSync(`${base}.en.vtt`, vtt(['one', 'two', 'three']));
      }
    });
  });
  afterAll(() => t.close());

  /** What a user could see: media files and rows, compared. */
  async function archiveState() {
    const files = listTree(t.container.config.mediaDir);
    const videos = await db().selectFrom('videos').select(['youtube_id', 'media_url']).execute();
    const subtitles = await db().selectFrom('subtitles').select('media_url').execute();
    return { files, videos, subtitles };
  }

  /** No half file, and nothing in the media tree before its row committed. */
  async function expectNoFileWithoutRow(context: string) {
    const state = await archiveState();
    const rows = new Set([...state.videos, ...state.subtitles].map((r) => r.media_url));
    expect(
      state.files.filter((f) => !rows.has(f)),
      context,
    ).toEqual([]);
  }

  it('never shows a file without its row, and the next run finishes the import cleanly', async () => {
    const dataDir = t.database.dataDir;
    const kills: string[] = [];

    // first, deterministically, the narrowest window: rows of the first video committed, files still staged
    const frozen = startImport(dataDir, schema, true);
    const frozenExit = exited(frozen);
    await new Promise<void>((resolve) =>
      frozen.stdout!.on('data', (d: Buffer) => d.toString().includes('frozen') && resolve()),
    );
    frozen.kill('SIGKILL');
    await frozenExit;
    const committed = await archiveState();
    expect(committed.videos).toHaveLength(1);
    expect(committed.files).not.toContain(committed.videos[0]!.media_url);
    await expectNoFileWithoutRow('after the freeze');

    // then at random points of the per-video steps: after a random number of videos plus a random delay
    for (let round = 0; round < KILLS; round++) {
      const child = startImport(dataDir, schema);
      const done = exited(child);
      const target = Math.floor(Math.random() * (VIDEOS - 1));
      const extra = Math.floor(Math.random() * 300);
      let finished = false;
      void done.then(() => (finished = true));
      while (!finished && (await db().selectFrom('videos').select('youtube_id').execute()).length < target)
        await sleep(10);
      await sleep(extra);
      if (!finished) child.kill('SIGKILL');
      const end = await done;
      const stored = (await db().selectFrom('videos').select('youtube_id').execute()).length;
      kills.push(
        `round ${round}: after ${target} videos + ${extra} ms: ${end.signal ?? `exit ${end.code}`}, ${stored} stored`,
      );
      await expectNoFileWithoutRow(kills.join('\n'));
    }

    const final = startImport(dataDir, schema);
    const end = await exited(final);
    expect(end.code, `${kills.join('\n')}\n${end.stderr}`).toBe(0);

    const state = await archiveState();
    expect(state.videos.map((v) => v.youtube_id).sort()).toEqual(ids);
    const mp4s = state.files.filter((f) => f.endsWith('.mp4'));
    expect(mp4s.sort()).toEqual(state.videos.map((v) => v.media_url).sort());
    expect(state.files.filter((f) => f.endsWith('.vtt')).sort()).toEqual(
      state.subtitles.map((s) => s.media_url).sort(),
    );
    expect(state.files).toHaveLength(mp4s.length + state.subtitles.length);
    for (const id of ids) {
      expect(mp4s.filter((f) => path.basename(f) === `${id}.mp4`)).toHaveLength(1);
      expect(fs.existsSync(t.container.archivePaths.videoThumb(id))).toBe(true);
    }
    // the import folder is empty, the staging folder gone
    expect(listTree(t.container.archivePaths.importDir)).toEqual([]);
  }, 90_000);
});
