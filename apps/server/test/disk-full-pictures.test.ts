import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveFilesRepository } from '../src/repositories/archive-files.repository.ts';
import { FfmpegRepository } from '../src/repositories/ffmpeg.repository.ts';
import { RemoteFileRepository } from '../src/repositories/remote-file.repository.ts';
import { ArchivePaths } from '../src/services/archive-paths.ts';
import { ArtworkService } from '../src/services/artwork.service.ts';
import { filesBelow, startAssetServer } from './helpers/acquisition.ts';
import { mountSmallDisk, type SmallDisk } from './helpers/small-disk.ts';

const mounted = mountSmallDisk(8);
if (typeof mounted === 'string') console.log(`disk-full-pictures: skipped, ${mounted}`);

/**
 * Issue 18 point 1, the pictures: a thumbnail fetched, converted or moved onto a full disk fails, and leaves
 * no half-written `.part` beside its target. The chaos test found one: a queue add's thumbnail fetch on a
 * full disk left `<cache>/download/.scratch/queue-<id>.jpg.part`, which nothing removed until a restart.
 * The disk is a tmpfs of its own, so the move from the temporary folder crosses file systems (a copy; Node
 * removes a copy that failed, this guards it).
 */
describe.skipIf(typeof mounted === 'string')('pictures onto a full disk', () => {
  const disk = mounted as SmallDisk;
  let assets: Awaited<ReturnType<typeof startAssetServer>>;
  let here: string;
  let picture: string;

  beforeAll(async () => {
    assets = await startAssetServer();
    here = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-pictures-'));
    picture = path.join(here, 'thumb.jpg');
    fs.writeFileSync(picture, Buffer.from(await (await fetch(`${assets.url}/thumb.jpg`)).arrayBuffer()));
    disk.fill(0);
  });
  afterAll(async () => {
    await assets.close();
    fs.rmSync(here, { recursive: true, force: true });
    disk.unmount();
  });

  const leftovers = () => filesBelow(disk.dir).filter((file) => file !== '.filler');

  it('a fetched picture: none, and no part file', async () => {
    const base = path.join(disk.dir, 'cache', 'download', '.scratch', 'queue-alphaVid002');
    expect(await new RemoteFileRepository().fetchImage(`${assets.url}/thumb.jpg`, base)).toBeUndefined();
    expect(leftovers()).toEqual([]);
  });

  it('a picture moved onto another file system: the move fails, no part file', async () => {
    const target = path.join(disk.dir, 'cache', 'videos', 'a', 'alphaVid002.jpg');
    await expect(new ArchiveFilesRepository().move(picture, target)).rejects.toThrow(/ENOSPC/);
    expect(leftovers()).toEqual([]);
    expect(fs.existsSync(picture)).toBe(true);
  });

  const artwork = () =>
    new ArtworkService(
      new FfmpegRepository({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' }),
      new ArchiveFilesRepository(),
      new ArchivePaths({ mediaDir: path.join(disk.dir, 'media'), cacheDir: path.join(disk.dir, 'cache') }),
    );

  it('channel art converted onto the disk: the conversion fails, no part file', async () => {
    await expect(artwork().channelArt('UCfakeAlphaChannel000001', { thumb: picture })).rejects.toThrow();
    expect(leftovers()).toEqual([]);
  });

  it("a queued video's thumbnail converted onto the disk: the conversion fails, no half picture", async () => {
    const target = path.join(disk.dir, 'cache', 'videos', 'a', 'alphaVid002.jpg');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await expect(artwork().videoThumb(target, { image: picture })).rejects.toThrow();
    expect(leftovers()).toEqual([]);
  });
});
