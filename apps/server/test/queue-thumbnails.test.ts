import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveFilesRepository } from '../src/repositories/archive-files.repository.ts';
import { FfmpegRepository } from '../src/repositories/ffmpeg.repository.ts';
import { RemoteFileRepository } from '../src/repositories/remote-file.repository.ts';
import { ArchivePaths } from '../src/services/archive-paths.ts';
import { ArtworkService } from '../src/services/artwork.service.ts';
import { QueueThumbnails } from '../src/services/queue-thumbnails.service.ts';
import { imageSize, tool } from './helpers/import-media.ts';

/**
 * Issue 19: queueing a channel cached each thumbnail with an ffmpeg run of its own, ~0.1 s of CPU apiece
 * beside the API's reads. The queue's pictures are converted a few to an ffmpeg run.
 */
describe('thumbnails of queued videos', () => {
  let dir: string;
  let calls: string;
  let server: http.Server;
  let base: string;
  let paths: ArchivePaths;
  let thumbnails: QueueThumbnails;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-queue-thumbs-'));
    const picture = path.join(dir, 'four-by-three.jpg');
    await tool('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=teal:s=320x240',
      '-frames:v',
      '1',
      picture,
    ]);
    const body = fs.readFileSync(picture);
    // a JPEG for every video, and for "broken" bytes that no decoder reads, under an image type
    server = http.createServer((request, response) => {
      const broken = request.url?.includes('broken');
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(broken ? Buffer.from('not a picture at all') : body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    calls = path.join(dir, 'ffmpeg-calls.log');
    const counting = path.join(dir, 'counting-ffmpeg');
    fs.writeFileSync(counting, `#!/bin/sh\necho "$*" >> '${calls}'\nexec ffmpeg "$@"\n`, { mode: 0o755 });
    const ffmpeg = new FfmpegRepository({ ffmpegPath: counting, ffprobePath: 'ffprobe' });
    const files = new ArchiveFilesRepository();
    paths = new ArchivePaths({ mediaDir: path.join(dir, 'media'), cacheDir: path.join(dir, 'cache') });
    const artwork = new ArtworkService(ffmpeg, files, paths);
    const scratch = path.join(dir, 'cache', 'download', '.scratch');
    thumbnails = new QueueThumbnails(new RemoteFileRepository(), artwork, files, paths, scratch);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ffmpegRuns = () => (fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').trim().split('\n') : []);
  const item = (youtube_id: string) => ({ youtube_id, vid_thumb_url: `${base}/vi/${youtube_id}/maxres.jpg` });

  it('caches ten thumbnails, each cropped to 16:9 where the Downloads page looks, in two ffmpeg runs', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `queuedVid${String(i).padStart(2, '0')}`);
    await thumbnails.cache(ids.map(item));
    for (const id of ids) expect(await imageSize(paths.videoThumb(id))).toEqual({ width: 320, height: 180 });
    expect(ffmpegRuns()).toHaveLength(2);
    expect(fs.readdirSync(path.join(dir, 'cache', 'download', '.scratch'))).toEqual([]);
  });

  it('leaves an unreadable picture to the web app fallback and caches the rest of its run', async () => {
    fs.rmSync(calls, { force: true });
    const items = [item('goodVideo01'), { youtube_id: 'brokenVid01', vid_thumb_url: `${base}/broken.jpg` }];
    await thumbnails.cache([...items, item('goodVideo02')]);
    expect(fs.existsSync(paths.videoThumb('goodVideo01'))).toBe(true);
    expect(fs.existsSync(paths.videoThumb('goodVideo02'))).toBe(true);
    expect(fs.existsSync(paths.videoThumb('brokenVid01'))).toBe(false);
    // the run of three failed as a whole, then each went on its own
    expect(ffmpegRuns()).toHaveLength(4);
    const thumbDirs = [
      ...new Set(['goodVideo01', 'brokenVid01'].map((id) => path.dirname(paths.videoThumb(id)))),
    ];
    for (const folder of thumbDirs)
      expect(fs.readdirSync(folder).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'cache', 'download', '.scratch'))).toEqual([]);
  });
});
