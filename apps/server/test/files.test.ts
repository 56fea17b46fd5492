import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDENTIAL_REUSE_MS } from '../src/services/recent-credentials.ts';
import { LENT_PER_STREAM, OpenFiles, READ_CHUNK } from '../src/repositories/open-files.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';

const CHANNEL = 'UCfilesfilesfilesfiles00';
const VIDEO = 'Abcdefghij1';

/** The chunks of a stream `OpenFiles.read` gave, as it pushed them. */
async function chunksOf(body: unknown): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return chunks;
}

/** A GET over a real socket: inject() would normalise `..` away before the router sees it. */
function rawGet(port: number, rawPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(ENGINES)('media and cache files on %s', (engine) => {
  let t: TestApp;
  let user: Client;
  let token: string;
  let mp4: Buffer;
  let port: number;
  const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.000\nGrüße aus dem Archiv\n';

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { mediaDir, cacheDir, dataDir } = t.container.config;
    const channelDir = path.join(mediaDir, CHANNEL);
    fs.mkdirSync(channelDir, { recursive: true });
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1'],
      ...['-pix_fmt', 'yuv420p', '-y', path.join(channelDir, `${VIDEO}.mp4`)],
    ]);
    mp4 = fs.readFileSync(path.join(channelDir, `${VIDEO}.mp4`));
    fs.writeFileSync(path.join(channelDir, `${VIDEO}.de.vtt`), vtt);
    fs.mkdirSync(path.join(cacheDir, 'videos', 'a'), { recursive: true });
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:size=32x18', '-frames:v', '1'],
      ...['-y', path.join(cacheDir, 'videos', 'a', `${VIDEO}.jpg`)],
    ]);
    fs.mkdirSync(path.join(cacheDir, 'backup'), { recursive: true });
    fs.writeFileSync(path.join(cacheDir, 'backup', 'secret.zip'), 'backup');
    fs.writeFileSync(path.join(dataDir, 'outside.txt'), 'outside the media root');
    fs.symlinkSync(path.join(dataDir, 'outside.txt'), path.join(channelDir, 'escape.mp4'));
    fs.symlinkSync(path.join(channelDir, `${VIDEO}.de.vtt`), path.join(channelDir, 'inside.vtt'));

    const userId = (await createUser(t, { username: 'watcher' })).id;
    user = await sessionClient(t, userId);
    token = await t.container.auth.getOrCreateToken(userId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    user.request({ method: 'GET', url, headers });

  it('serves a whole video with its type, length and validators', async () => {
    const res = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(mp4.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.rawPayload.equals(mp4)).toBe(true);
  });

  it('answers Range requests with 206 and the exact bytes', async () => {
    const first = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);

    const suffix = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: 'bytes=-50' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${mp4.length - 50}-${mp4.length - 1}/${mp4.length}`);
    expect(suffix.rawPayload.equals(mp4.subarray(mp4.length - 50))).toBe(true);

    const open = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: 'bytes=1000-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-length']).toBe(String(mp4.length - 1000));
    expect(open.rawPayload.equals(mp4.subarray(1000))).toBe(true);

    const clamped = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: `bytes=10-${mp4.length + 500}` });
    expect(clamped.headers['content-range']).toBe(`bytes 10-${mp4.length - 1}/${mp4.length}`);
  });

  it('refuses unsatisfiable ranges with 416 and serves the whole file for ranges it ignores', async () => {
    const past = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: `bytes=${mp4.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);
    expect((await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: 'bytes=-0' })).statusCode).toBe(416);
    for (const ignored of ['bytes=0-1,5-9', 'lines=1-2', 'bytes=9-3']) {
      const res = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: ignored });
      expect(res.statusCode, ignored).toBe(200);
      expect(res.rawPayload.length).toBe(mp4.length);
    }
  });

  it('honours If-None-Match and If-Range', async () => {
    const { etag } = (await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`)).headers as { etag: string };
    expect((await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { 'if-none-match': etag })).statusCode).toBe(304);
    const stale = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await get(`/youtube/${CHANNEL}/${VIDEO}.mp4`, { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
  });

  it('serves subtitles as text/vtt, with a charset under /media/', async () => {
    const youtube = await get(`/youtube/${CHANNEL}/${VIDEO}.de.vtt`);
    expect(youtube.statusCode).toBe(200);
    expect(youtube.headers['content-type']).toBe('text/vtt');
    const media = await get(`/media/${CHANNEL}/${VIDEO}.de.vtt`);
    expect(media.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(media.body).toBe(vtt);
    // a symlink that stays inside the root is fine
    expect((await get(`/media/${CHANNEL}/inside.vtt`)).body).toBe(vtt);
  });

  it('serves artwork from the cache as image/jpeg, and nothing else from the cache', async () => {
    const res = await get(`/cache/videos/a/${VIDEO}.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    expect((await get('/cache/backup/secret.zip')).statusCode).toBe(404);
  });

  it('accepts an API token and answers HEAD without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/youtube/${CHANNEL}/${VIDEO}.mp4`,
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(mp4.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('refuses anonymous callers with 403', async () => {
    for (const url of [`/youtube/${CHANNEL}/${VIDEO}.mp4`, `/media/${CHANNEL}/${VIDEO}.de.vtt`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/cache/videos/a/${VIDEO}.jpg` })).statusCode).toBe(403);
  });

  it('answers 404 for missing files and folders', async () => {
    expect((await get(`/youtube/${CHANNEL}/missing.mp4`)).statusCode).toBe(404);
    expect((await get(`/youtube/${CHANNEL}`)).statusCode).toBe(404);
    expect((await get(`/youtube/${CHANNEL}/`)).statusCode).toBe(404);
  });

  it('sees a replaced or deleted file at once, though the path was resolved moments before', async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'replaced.vtt');
    fs.writeFileSync(file, 'WEBVTT\n');
    const url = `/youtube/${CHANNEL}/replaced.vtt`;
    expect((await get(url)).body).toBe('WEBVTT\n');
    // a reindex writes the new file beside the old one and renames it over it
    fs.writeFileSync(`${file}.new`, vtt);
    fs.renameSync(`${file}.new`, file);
    const replaced = await get(url);
    expect(replaced.headers['content-length']).toBe(String(Buffer.byteLength(vtt)));
    expect(replaced.body).toBe(vtt);
    fs.rmSync(file);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('serves ranges of a file larger than one read exactly, and a file rewritten in place at its new size', async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'large.mp4');
    const large = randomBytes(2 * READ_CHUNK + 12_345);
    fs.writeFileSync(file, large);
    const url = `/youtube/${CHANNEL}/large.mp4`;
    const whole = await get(url);
    expect(whole.rawPayload.equals(large)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [READ_CHUNK - 1, READ_CHUNK],
      [100, 2 * READ_CHUNK + 5],
      [large.length - 10, large.length - 1],
    ] as const) {
      const part = await get(url, { range: `bytes=${start}-${end}` });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${large.length}`);
      expect(part.rawPayload.equals(large.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    // the same file (same inode) made shorter, then longer: each request states it again
    const shorter = randomBytes(1000);
    fs.writeFileSync(file, shorter);
    const short = await get(url, { range: 'bytes=500-' });
    expect(short.headers['content-range']).toBe('bytes 500-999/1000');
    expect(short.rawPayload.equals(shorter.subarray(500))).toBe(true);
    expect((await get(url, { range: `bytes=${READ_CHUNK}-` })).statusCode).toBe(416);
    const longer = randomBytes(READ_CHUNK + 7);
    fs.appendFileSync(file, longer);
    const grown = await get(url);
    expect(grown.headers['content-length']).toBe(String(shorter.length + longer.length));
    expect(grown.rawPayload.equals(Buffer.concat([shorter, longer]))).toBe(true);
    fs.rmSync(file);
  });

  it('sends every range exactly while many readers share the reused read buffers, slow and leaving ones too', async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'shared.mp4');
    const content = randomBytes(16 * READ_CHUNK + 999);
    fs.writeFileSync(file, content);
    const cookie = `sessionid=${user.cookies.get('sessionid')}`;
    const request = (start: number, end: number, pauseMs: number, leave = false) =>
      new Promise<Buffer | undefined>((resolve, reject) => {
        const headers = { cookie, range: `bytes=${start}-${end}` };
        http
          .get({ host: '127.0.0.1', port, path: `/youtube/${CHANNEL}/shared.mp4`, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.once('data', (first: Buffer) => {
              chunks.push(first);
              if (leave) {
                res.destroy();
                return resolve(undefined);
              }
              // a slow player: the server's write waits on a full socket, holding its buffer meanwhile
              res.pause();
              setTimeout(() => {
                res.on('data', (c: Buffer) => chunks.push(c));
                res.resume();
              }, pauseMs);
            });
            res.on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', (error: NodeJS.ErrnoException) => (leave ? resolve(undefined) : reject(error)));
      });
    const ranges = Array.from({ length: 48 }, (_, i) => {
      const start = (i * 7919 * 97) % (content.length - 2 * READ_CHUNK);
      // 1 MiB as players ask, some shorter than a read, some longer than the two pooled reads
      const length = [2 * READ_CHUNK, READ_CHUNK / 2 + 3, 3 * READ_CHUNK + 11][i % 3]!;
      return {
        start,
        end: Math.min(start + length, content.length) - 1,
        pauseMs: (i % 4) * 40,
        leave: i % 5 === 4,
      };
    });
    const bodies = await Promise.all(ranges.map((r) => request(r.start, r.end, r.pauseMs, r.leave)));
    ranges.forEach((r, i) => {
      if (r.leave) return;
      expect(bodies[i]?.equals(content.subarray(r.start, r.end + 1)), `${r.start}-${r.end}`).toBe(true);
    });
    fs.rmSync(file);
  });

  // /proc shows which files the process holds open; the CI and Docker image are Linux
  it.runIf(process.platform === 'linux')(
    'lets go of a replaced file once its last reader is done, so its disk space comes back',
    async () => {
      const { mediaDir } = t.container.config;
      const file = path.join(mediaDir, CHANNEL, 'held.mp4');
      fs.writeFileSync(file, randomBytes(32 * READ_CHUNK));
      const url = `/youtube/${CHANNEL}/held.mp4`;
      const deletedHeld = () =>
        fs
          .readdirSync('/proc/self/fd')
          .map((fd) => {
            try {
              return fs.readlinkSync(`/proc/self/fd/${fd}`);
            } catch {
              return '';
            }
          })
          .filter((target) => target.startsWith(fs.realpathSync(file)) && target.endsWith('(deleted)'));
      // a slow reader still in the middle of the file when a new one is renamed over it
      const slow = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const cookie = `sessionid=${user.cookies.get('sessionid')}`;
        http
          .get({ host: '127.0.0.1', port, path: url, headers: { cookie } }, (res) => {
            res.pause();
            resolve(res);
          })
          .on('error', reject);
      });
      fs.writeFileSync(`${file}.new`, 'new');
      fs.renameSync(`${file}.new`, file);
      const replaced = await get(url);
      expect(replaced.body).toBe('new');
      // the old file stays open while it is read, and is let go when its reader leaves
      expect(deletedHeld()).toHaveLength(1);
      slow.destroy();
      await vi.waitFor(() => expect(deletedHeld()).toEqual([]));
      fs.rmSync(file);
    },
  );

  it('reads only the file stated: not a replaced one, a deleted one or one shorter than stated', async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'stated.vtt');
    fs.writeFileSync(file, vtt);
    const stated = fs.statSync(file);
    const files = new OpenFiles();
    const text = async (read: Promise<unknown>) => {
      const body = await read;
      return Buffer.isBuffer(body) ? body.toString() : body;
    };
    expect(await text(files.read(file, stated))).toBe(vtt);
    expect(await files.read(file, { ...stated, size: stated.size + 10 })).toBeUndefined();
    // renamed over: the new file through a new descriptor, and never the new bytes for the old stat
    fs.writeFileSync(`${file}.new`, 'WEBVTT\n\nnew');
    fs.renameSync(`${file}.new`, file);
    const renamed = fs.statSync(file);
    expect(await text(files.read(file, renamed))).toBe('WEBVTT\n\nnew');
    expect(await files.read(file, stated)).toBeUndefined();
    files.closeIdle();
    fs.rmSync(file);
    expect(await files.read(file, renamed)).toBeUndefined();
  });

  it('sends a whole file as long as it was stated, though it grew since', async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'growing.mp4');
    const first = randomBytes(2 * READ_CHUNK);
    fs.writeFileSync(file, first);
    const stated = fs.statSync(file);
    fs.appendFileSync(file, randomBytes(1000));
    const files = new OpenFiles();
    const chunks = await chunksOf(await files.read(file, stated));
    expect(Buffer.concat(chunks).equals(first)).toBe(true);
    files.closeIdle();
    fs.rmSync(file);
  });

  it("reuses a stream's read buffers only once the response it went out on has closed", async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'pooled.mp4');
    const content = randomBytes(4 * READ_CHUNK);
    fs.writeFileSync(file, content);
    const stated = fs.statSync(file);
    const files = new OpenFiles();
    const range = (start: number) => ({ start, end: start + 2 * READ_CHUNK - 1 });
    // the chunks of a response not yet closed are still being sent: another read must not write into them
    const firstSink = new EventEmitter();
    const first = await chunksOf(await files.read(file, stated, range(0), firstSink));
    const second = await chunksOf(await files.read(file, stated, range(2 * READ_CHUNK), new EventEmitter()));
    expect(Buffer.concat(first).equals(content.subarray(0, 2 * READ_CHUNK))).toBe(true);
    expect(Buffer.concat(second).equals(content.subarray(2 * READ_CHUNK))).toBe(true);
    // once it has closed, its buffers are read into again
    firstSink.emit('close');
    const third = await chunksOf(await files.read(file, stated, range(2 * READ_CHUNK), new EventEmitter()));
    expect(Buffer.concat(third).equals(content.subarray(2 * READ_CHUNK))).toBe(true);
    const firstMemory = new Set(first.map((chunk) => chunk.buffer));
    expect(third.every((chunk) => firstMemory.has(chunk.buffer))).toBe(true);
    files.closeIdle();
    fs.rmSync(file);
  });

  it('streams a whole file through a few read buffers, each read into again only once the sink has sent it', async () => {
    const { mediaDir } = t.container.config;
    const file = path.join(mediaDir, CHANNEL, 'through.mp4');
    const content = randomBytes(12 * READ_CHUNK + 777);
    fs.writeFileSync(file, content);
    const stated = fs.statSync(file);
    const files = new OpenFiles();
    // a socket that takes a while to send each chunk, and reads it only then: a buffer read into again
    // before that would send another part of the file
    const sent: Buffer[] = [];
    const memory = new Set<ArrayBufferLike>();
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        memory.add(chunk.buffer);
        setTimeout(() => {
          sent.push(Buffer.from(chunk));
          done();
        }, 2);
      },
    });
    const body = await files.read(file, stated, undefined, sink);
    await pipeline(body as NodeJS.ReadableStream, sink);
    expect(Buffer.concat(sent).equals(content)).toBe(true);
    // 13 reads, through no more buffers than a stream may hold at once
    expect(memory.size).toBeLessThanOrEqual(LENT_PER_STREAM);
    files.closeIdle();
    fs.rmSync(file);
  });

  it('sees a signed-out session and a revoked token at once, and a change from elsewhere within moments', async () => {
    const url = `/youtube/${CHANNEL}/${VIDEO}.mp4`;
    const keeper = await createUser(t, { username: 'keeper', staff: true });
    const admin = await sessionClient(t, keeper.id);
    const adminToken = await t.container.auth.getOrCreateToken(keeper.id);
    const withToken = (key: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${key}` } });
    expect((await withToken(adminToken)).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: '/api/appsettings/token/' })).statusCode).toBe(204);
    expect((await withToken(adminToken)).statusCode).toBe(403);

    const leaving = await sessionClient(t, keeper.id);
    expect((await leaving.request({ method: 'GET', url })).statusCode).toBe(200);
    const cookie = `sessionid=${leaving.cookies.get('sessionid')}`;
    expect((await leaving.request({ method: 'POST', url: '/api/user/logout/' })).statusCode).toBeLessThan(
      300,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);

    // a token deleted by another process (the CLI) is refused once the reuse time has passed
    const otherToken = await t.container.auth.getOrCreateToken(keeper.id);
    expect((await withToken(otherToken)).statusCode).toBe(200);
    await t.container.repositories.tokens.deleteForUser(keeper.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + CREDENTIAL_REUSE_MS + 1);
      expect((await withToken(otherToken)).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never serves what a symlink points at outside the root, though it was inside moments before', async () => {
    const { mediaDir, dataDir } = t.container.config;
    const link = path.join(mediaDir, CHANNEL, 'moved.vtt');
    fs.symlinkSync(path.join(mediaDir, CHANNEL, `${VIDEO}.de.vtt`), link);
    const url = `/youtube/${CHANNEL}/moved.vtt`;
    expect((await get(url)).statusCode).toBe(200);
    fs.rmSync(link);
    fs.symlinkSync(path.join(dataDir, 'outside.txt'), link);
    expect((await get(url)).body).not.toContain('outside the media root');
    // the folder on the way swapped for a symlink to a folder outside that holds a file of the same name
    const { cacheDir } = t.container.config;
    const url2 = `/youtube/${CHANNEL}-swap/clip.vtt`;
    fs.mkdirSync(path.join(mediaDir, `${CHANNEL}-swap`));
    fs.writeFileSync(path.join(mediaDir, `${CHANNEL}-swap`, 'clip.vtt'), vtt);
    expect((await get(url2)).statusCode).toBe(200);
    fs.renameSync(path.join(mediaDir, `${CHANNEL}-swap`), path.join(cacheDir, 'swapped-away'));
    fs.mkdirSync(path.join(dataDir, 'elsewhere'));
    fs.writeFileSync(path.join(dataDir, 'elsewhere', 'clip.vtt'), 'outside the media root');
    fs.symlinkSync(path.join(dataDir, 'elsewhere'), path.join(mediaDir, `${CHANNEL}-swap`));
    const swapped = await get(url2);
    expect(swapped.statusCode).toBe(404);
    expect(swapped.body).not.toContain('outside the media root');
  });

  it.each([
    '/youtube/../tubekeeper.db',
    '/youtube/../outside.txt',
    '/youtube/%2e%2e/tubekeeper.db',
    '/youtube/%2E%2E/outside.txt',
    '/youtube/..%2ftubekeeper.db',
    '/youtube/..%2Foutside.txt',
    '/youtube/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/media/..%5coutside.txt',
    '/youtube//etc/passwd',
    '/youtube/%2fetc%2fpasswd',
    `/youtube/${CHANNEL}/${VIDEO}.mp4%00.jpg`,
    `/youtube/${CHANNEL}/escape.mp4`,
    '/cache/../tubekeeper.db',
    '/cache/videos/../../tubekeeper.db',
    '/cache/videos/%2e%2e/%2e%2e/outside.txt',
  ])('refuses %s', async (rawPath) => {
    const res = await rawGet(port, rawPath, { cookie: `sessionid=${user.cookies.get('sessionid')}` });
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('outside the media root');
    expect(res.body.toString()).not.toContain('SQLite format');
  });
});
