import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DownloadQueueTable } from '../../src/db/tables.ts';
import { tool } from './import-media.ts';

const CATALOGUE = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/fake-yt-dlp/catalogue.json'), 'utf8'),
) as {
  channels: { channel_id: string; channel: string; tabs: Record<string, string[]> }[];
  videos: Record<string, { title: string; duration: number }>;
};

/** A local stand-in for the provider's image hosts: every GET answers the same small JPEG. */
export async function startAssetServer(): Promise<{
  url: string;
  requests: string[];
  close(): Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-assets-'));
  const jpg = path.join(dir, 'thumb.jpg');
  await tool('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=teal:s=320x180',
    '-frames:v',
    '1',
    jpg,
  ]);
  const body = fs.readFileSync(jpg);
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The channel and tab of a video in the fake catalogue. */
export function fakeHome(videoId: string) {
  for (const channel of CATALOGUE.channels) {
    for (const [tab, ids] of Object.entries(channel.tabs)) {
      if (ids.includes(videoId)) return { channel, tab: tab as DownloadQueueTable['vid_type'] };
    }
  }
  throw new Error(`${videoId} is not in the fake catalogue`);
}

let clock = Date.UTC(2024, 5, 1);

/** A pending queue item for a video of the fake catalogue, as the queue stores it; items queue in call order. */
export async function queueFakeVideo(
  db: Kysely<Database>,
  videoId: string,
  overrides: Partial<Insertable<DownloadQueueTable>> = {},
) {
  const { channel, tab } = fakeHome(videoId);
  clock += 1000;
  const row: Insertable<DownloadQueueTable> = {
    youtube_id: videoId,
    title: CATALOGUE.videos[videoId]?.title ?? videoId,
    channel_id: channel.channel_id,
    channel_name: channel.channel,
    vid_thumb_url: null,
    vid_type: tab,
    published: null,
    duration: CATALOGUE.videos[videoId]?.duration ?? null,
    auto_start: 0,
    message: null,
    timestamp: clock,
    status: 'pending',
    ...overrides,
  };
  await db.insertInto('download_queue').values(row).execute();
  return row;
}

export function fakeTitle(videoId: string): string {
  return CATALOGUE.videos[videoId]!.title;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file below `dir`, relative, sorted. */
export function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
