// What the offline yt-dlp (apps/server/test/fixtures/fake-yt-dlp) offers a download benchmark: a channel of
// videos with subtitles as long as a real 20-minute video's (user subtitles and word-by-word automatic
// captions, so indexing parses and writes real amounts), and a local server for their thumbnails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const FAKE_YTDLP = path.resolve(
  import.meta.dirname,
  '../../apps/server/test/fixtures/fake-yt-dlp/fake-yt-dlp.mjs',
);
export const BENCH_CHANNEL = 'UCbenchDownloads00000001';

const WORDS = `so today we are going to look at how the whole thing works and why it matters for the next
  part of the project because it is easier than it seems once you have done it a couple of times`.split(
  /\s+/,
);

/** `count` caption lines of 6-12 words, the same every run. */
function lines(count: number, seed: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const length = 6 + ((i * 7 + seed) % 7);
    return Array.from({ length }, (_, w) => WORDS[(i * 13 + w * 5 + seed) % WORDS.length]).join(' ');
  });
}

/** Writes the catalogue of `count` videos with `cues` subtitle lines each; returns their ids. */
export function writeDownloadCatalogue(file: string, count: number, cues: number): string[] {
  const ids = Array.from({ length: count }, (_, i) => `dlBench${String(i + 1).padStart(4, '0')}`);
  const videos = Object.fromEntries(
    ids.map((id, i) => [
      id,
      {
        title: `Downloaded while reading ${i + 1}`,
        description: 'A video of the reads-while-downloading benchmark.',
        timestamp: 1_700_000_000 + i * 3600,
        duration: cues * 2.5,
        view_count: 1000 + i,
        like_count: 10 + i,
        tags: ['bench', 'download'],
        categories: ['Education'],
        live_status: 'not_live',
        width: 160,
        height: 90,
        subtitles: { en: lines(cues, i), de: lines(cues, i + 1) },
        automatic_captions: { en: lines(cues, i + 2) },
      },
    ]),
  );
  const channel = {
    channel_id: BENCH_CHANNEL,
    channel: 'Download Bench',
    handle: '@downloadbench',
    custom_url: 'DownloadBench',
    channel_follower_count: 100,
    description: 'Videos downloaded while the benchmark reads.',
    tags: [],
    tabs: { videos: [...ids].reverse(), streams: [], shorts: [] },
    playlists: [],
  };
  fs.writeFileSync(file, JSON.stringify({ channels: [channel], videos }));
  return ids;
}

/** Serves one 1280x720 JPEG for every thumbnail URL the fake hands out (artwork is made from it). */
export async function startThumbnailServer(dir: string): Promise<{ url: string; close(): void }> {
  const jpg = path.join(dir, 'thumb.jpg');
  const made = spawnSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720', '-frames:v', '1', jpg],
  ]);
  if (made.status !== 0)
    throw new Error(`ffmpeg could not make the thumbnail (install ffmpeg): ${made.stderr}`);
  const body = fs.readFileSync(jpg);
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * Makes the clip the fake's downloads copy (`mediaDir`, one per video length, made with ffmpeg on first use)
 * before anything is measured: a real yt-dlp has no such step, and four downloads making it at once in the
 * first round's measured phase were eight ffmpeg encodes that no later round has.
 */
export function primeFakeDownloads(catalogue: string, mediaDir: string, id: string): void {
  const scratch = fs.mkdtempSync(path.join(mediaDir, '..', 'prime-'));
  const run = spawnSync(
    process.execPath,
    [FAKE_YTDLP, '--output', path.join(scratch, '%(id)s.mp4'), `https://www.youtube.com/watch?v=${id}`],
    {
      env: {
        ...process.env,
        FAKE_YTDLP_EXTRA_CATALOGUE: catalogue,
        FAKE_YTDLP_MEDIA_DIR: mediaDir,
        FAKE_YTDLP_DELAY_MS: '0',
      },
    },
  );
  fs.rmSync(scratch, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`the fake yt-dlp could not make its clip: ${run.stderr}`);
}
