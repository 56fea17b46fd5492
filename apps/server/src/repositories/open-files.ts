import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ByteRange } from './storage.repository.ts';

/**
 * Media files kept open between requests. A player asks for many ranges of one file, and opening and
 * closing it each time were two of a Range request's four thread-pool round trips (stat, open, read, close):
 * on a loaded machine each costs tens of microseconds of the main thread, more than our own code.
 *
 * A descriptor is only used for the very file (device and inode) that the request's own stat of the path
 * reported, so a file renamed over the old one, or deleted, is never read through the old descriptor: the
 * stale one is closed as soon as nothing reads through it. Idle descriptors close after IDLE_MS, so a deleted
 * video's disk space comes back within seconds; at most MAX_OPEN stay open.
 */
const IDLE_MS = 10_000;
const MAX_OPEN = 64;
/**
 * Bytes per read: 1 MiB needs 2 reads instead of `createReadStream`'s 16 (64 KiB each), and as many fewer
 * socket writes; one buffer of this size per stream at most.
 */
export const READ_CHUNK = 512 * 1024;
/** Ranges up to this size are read into one buffer and sent as it. */
export const SMALL_READ = 64 * 1024;

interface OpenFile {
  fd: number;
  dev: number;
  ino: number;
  /** streams reading through it now: the descriptor closes only at 0 */
  readers: number;
  /** out of the cache (replaced, idle, evicted): close when the last reader is done */
  retired: boolean;
  lastUsed: number;
}

export class OpenFiles {
  private readonly files = new Map<string, OpenFile>();
  private sweeper: NodeJS.Timeout | undefined;

  /**
   * `range` (or all) of `file`, read through a kept descriptor when it is of the same file (dev and ino) as
   * `stated`, the caller's stat of the path; otherwise the file is opened and kept. Up to SMALL_READ bytes
   * come as one buffer (no stream machinery for a player's small probes, a subtitle, a thumbnail), more as a
   * stream. Undefined when the path no longer holds the stated file (deleted, renamed over, or shorter than
   * stated): the caller states it again.
   */
  async read(
    file: string,
    stated: { dev: number; ino: number; size: number },
    range?: ByteRange,
  ): Promise<Buffer | Readable | undefined> {
    const open = await this.acquire(file, stated);
    if (!open) return undefined;
    const start = range?.start ?? 0;
    const length = range ? range.end - range.start + 1 : stated.size;
    if (length > SMALL_READ) {
      // the whole file as stated: bytes appended since would overrun the Content-Length already sent
      const bounded = range ?? { start: 0, end: stated.size - 1 };
      return new DescriptorStream(open.fd, bounded, () => this.done(open));
    }
    const buffer = Buffer.allocUnsafe(length);
    try {
      const bytesRead = length === 0 ? 0 : await readInto(open.fd, buffer, start);
      return bytesRead === length ? buffer : undefined;
    } finally {
      this.done(open);
    }
  }

  /** The kept descriptor of `file` if it is the stated one, else a fresh one; counted as read through. */
  private async acquire(file: string, stated: { dev: number; ino: number }): Promise<OpenFile | undefined> {
    let kept = this.files.get(file);
    if (kept && (kept.dev !== stated.dev || kept.ino !== stated.ino)) {
      this.retire(file, kept);
      kept = undefined;
    }
    if (!kept) {
      const fd = await openFd(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (fd === undefined) return undefined;
      const stat = await fstat(fd).catch(async (error: unknown) => {
        await close(fd);
        throw error;
      });
      if (stat.dev !== stated.dev || stat.ino !== stated.ino) {
        // renamed over between the caller's stat and this open
        await close(fd);
        return undefined;
      }
      kept = { fd, dev: stat.dev, ino: stat.ino, readers: 0, retired: false, lastUsed: 0 };
      const other = this.files.get(file);
      if (other) this.retire(file, other);
      if (this.files.size >= MAX_OPEN) this.retireOldest();
      this.files.set(file, kept);
      this.sweep();
    }
    kept.readers++;
    kept.lastUsed = Date.now();
    return kept;
  }

  /** Closes every descriptor nothing reads through (tests, shutdown). */
  closeIdle(): void {
    for (const [file, open] of this.files) if (open.readers === 0) this.retire(file, open);
  }

  private done(open: OpenFile): void {
    open.readers--;
    open.lastUsed = Date.now();
    if (open.retired && open.readers === 0) void close(open.fd);
  }

  private retire(file: string, open: OpenFile): void {
    if (this.files.get(file) === open) this.files.delete(file);
    if (open.retired) return;
    open.retired = true;
    if (open.readers === 0) void close(open.fd);
  }

  private retireOldest(): void {
    let oldest: [string, OpenFile] | undefined;
    for (const entry of this.files) if (!oldest || entry[1].lastUsed < oldest[1].lastUsed) oldest = entry;
    if (oldest) this.retire(...oldest);
  }

  /** While any descriptor is kept, idle ones are closed every few seconds. */
  private sweep(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const idleSince = Date.now() - IDLE_MS;
      for (const [file, open] of this.files) {
        if (open.readers === 0 && open.lastUsed < idleSince) this.retire(file, open);
      }
      if (this.files.size === 0) {
        clearInterval(this.sweeper);
        this.sweeper = undefined;
      }
    }, IDLE_MS / 2).unref();
  }
}

// plain descriptors, not FileHandles: those would be closed (with a warning) when collected
const openFd = (file: string) =>
  new Promise<number>((resolve, reject) => fs.open(file, 'r', (e, fd) => (e ? reject(e) : resolve(fd))));
const fstat = (fd: number) =>
  new Promise<fs.Stats>((resolve, reject) => fs.fstat(fd, (e, s) => (e ? reject(e) : resolve(s))));
const readInto = (fd: number, buffer: Buffer, position: number) =>
  new Promise<number>((resolve, reject) =>
    fs.read(fd, buffer, 0, buffer.length, position, (e, bytesRead) => (e ? reject(e) : resolve(bytesRead))),
  );
const close = (fd: number) => new Promise<void>((resolve) => fs.close(fd, () => resolve()));

/**
 * One byte range read through a descriptor it does not own: `release` runs once when the stream is done
 * (ended, failed or destroyed), and never while a read is still under way, so the descriptor cannot be
 * closed (and its number reused for another file) under a read.
 */
class DescriptorStream extends Readable {
  private position: number;
  private readonly end: number;
  private reading = false;
  private released = false;

  constructor(
    private readonly fd: number,
    range: ByteRange,
    private readonly release: () => void,
  ) {
    super({ highWaterMark: READ_CHUNK });
    this.position = range.start;
    this.end = range.end + 1;
  }

  override _read(): void {
    const length = Math.min(READ_CHUNK, this.end - this.position);
    if (length <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafe(length);
    this.reading = true;
    fs.read(this.fd, buffer, 0, length, this.position, (error, bytesRead) => {
      this.reading = false;
      if (this.destroyed) return this.releaseOnce();
      if (error) return this.destroy(error);
      // the file got shorter than its stat said: end here, as createReadStream does
      if (bytesRead === 0) return this.push(null);
      this.position += bytesRead;
      this.push(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
      if (this.position >= this.end) this.push(null);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.reading) this.releaseOnce();
    callback(error);
  }

  private releaseOnce(): void {
    if (this.released) return;
    this.released = true;
    this.release();
  }
}
