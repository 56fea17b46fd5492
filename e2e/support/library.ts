import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiRequest } from './api.ts';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The server as `npm start` runs it: the bundle `npm run build` writes (e2e tests what users run). */
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps/server/dist/main.mjs');

/** A 60 s video for the player tests: the demo clips (3-4 s) are shorter than the 10 s progress rules need. */
export const LONG_VIDEO = {
  id: 'e2eLongWalk',
  title: 'A long walk for the player tests',
  channel: 'Trail Notes',
  duration: 60,
  /** markup that must show as text on the video page */
  descriptionMarkup: '<script>window.__xss = "description"</script>',
  commentMarkup: '<img src=x onerror="window.__xss = 1">',
} as const;

/** `tubekeeper demo --data-dir` (the built server): generates the demo files and runs the real manual import on them. */
export async function buildDemoLibrary(dataDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [SERVER_BUNDLE, 'demo', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`tubekeeper demo failed (exit ${code}):\n${output}`);
}

async function ffmpeg(args: string[]): Promise<void> {
  try {
    await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('ffmpeg not found: install the ffmpeg package (apt-get install ffmpeg)');
    }
    throw error;
  }
}

/**
 * Adds LONG_VIDEO to the archive the way a user would: yt-dlp-style files in `<cache>/import/` (mp4,
 * info JSON with a comment, English subtitles), then the manual import task through the API.
 */
export async function importLongVideo(baseURL: string, token: string, dataDir: string): Promise<void> {
  const importDir = path.join(dataDir, 'cache', 'import');
  fs.mkdirSync(importDir, { recursive: true });
  const base = path.join(importDir, `${LONG_VIDEO.title} [${LONG_VIDEO.id}]`);
  const seconds = LONG_VIDEO.duration;
  await ffmpeg([
    ...[
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=160x90:r=5:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=f=330:d=${seconds}`,
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k'],
    ...['-shortest', '-movflags', '+faststart', `${base}.mp4`],
  ]);
  fs.writeFileSync(`${base}.en.vtt`, 'WEBVTT\n\n00:00.000 --> 00:59.000\nWalking along the ridge.\n');
  const channels = await apiRequest<{ data: { channel_id: string; channel_name: string }[] }>(
    baseURL,
    token,
    '/api/channel/',
  );
  const channel = channels.data.find((c) => c.channel_name === LONG_VIDEO.channel);
  if (!channel) throw new Error(`the demo library has no channel named ${LONG_VIDEO.channel}`);
  fs.writeFileSync(
    `${base}.info.json`,
    JSON.stringify({
      id: LONG_VIDEO.id,
      title: LONG_VIDEO.title,
      channel_id: channel.channel_id,
      channel: channel.channel_name,
      upload_date: '20250420',
      duration: seconds,
      view_count: 2_345_678,
      like_count: 4321,
      tags: ['walking', 'e2e'],
      description: `A slow walk. ${LONG_VIDEO.descriptionMarkup} More at https://example.com/walk`,
      subtitles: { en: [{ ext: 'vtt', name: 'English' }] },
      comment_count: 1,
      comments: [
        {
          id: 'e2ecomment1',
          parent: 'root',
          text: `Lovely ${LONG_VIDEO.commentMarkup}`,
          author: '@walker',
          timestamp: 1745150000,
        },
      ],
    }),
  );
  await apiRequest(baseURL, token, '/api/task/by-name/manual_import/', { method: 'POST' });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/api/video/${LONG_VIDEO.id}/`, {
      headers: { authorization: `Token ${token}` },
    });
    if (response.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the manual import did not add ${LONG_VIDEO.id} within 60 s`);
}
