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
 * socket writes.
 */
export const READ_CHUNK = 512 * 1024;
/** Ranges up to this size are read into one buffer and sent as it. */
export const SMALL_READ = 64 * 1024;
/**
 * Read buffers kept for reuse, READ_CHUNK each (8 MiB at most), dropped when no file has been read for
 * IDLE_MS. With a fresh 512 KiB buffer per read, random 1 MiB ranges at 8 clients reached 0.70-0.82 of a
 * bare Node server's throughput, 0.92 with a 16 MB young generation instead of our 4 MB (docs/ARCHITECTURE.md,
 * "The server's memory under load"), presumably as each buffer outlived the young generation while its
 * socket sent it; with these, 0.91-1.05. A buffer comes back once the response has sent what was read into it.
 */
const POOLED_BUFFERS = 16;
/**
 * Pool buffers one stream holds at once. Each goes back as soon as the response it is piped into has handed
 * its bytes to the kernel, so a whole file streams through three: one the socket is sending, one waiting for
 * it, one the next read fills. Fresh buffers for every read after the first two cost V8 a full collection of the server's heap per
 * ~20 MB streamed ("external memory pressure", ~30 ms of the main thread each): a whole file from the disk
 * went out at 0.24 of dd's rate, and half of the main thread was the garbage collector. Reads beyond these
 * (a stream not piped into its response, a sink that does not tell what it still holds) get fresh buffers.
 */
export const LENT_PER_STREAM = 3;

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

/**
 * Where a stream's chunks go, an HTTP response: 'close' says it is done with everything written to it, and
 * `writableLength` (when it has one) how many bytes written to it it still holds, its socket's included.
 */
export interface BufferSink {
  once(event: 'close', listener: () => void): unknown;
  readonly writableLength?: number;
}

export class OpenFiles {
  private readonly files = new Map<string, OpenFile>();
  private readonly buffers: Buffer[] = [];
  private sweeper: NodeJS.Timeout | undefined;

  /**
   * `range` (or all) of `file`, read through a kept descriptor when it is of the same file (dev and ino) as
   * `stated`, the caller's stat of the path; otherwise the file is opened and kept. Up to SMALL_READ bytes
   * come as one buffer (no stream machinery for a player's small probes, a subtitle, a thumbnail), more as a
   * stream. Undefined when the path no longer holds the stated file (deleted, renamed over, or shorter than
   * stated): the caller states it again. A stream's read buffers are reused once `sentTo` closes (the
   * response it is piped into; without one they are left to the garbage collector).
   */
  async read(
    file: string,
    stated: { dev: number; ino: number; size: number },
    range?: ByteRange,
    sentTo?: BufferSink,
  ): Promise<Buffer | Readable | undefined> {
    const open = await this.acquire(file, stated);
    if (!open) return undefined;
    const start = range?.start ?? 0;
    const length = range ? range.end - range.start + 1 : stated.size;
    if (length > SMALL_READ) {
      // the whole file as stated: bytes appended since would overrun the Content-Length already sent
      const bounded = range ?? { start: 0, end: stated.size - 1 };
      const stream = new DescriptorStream(
        open.fd,
        bounded,
        () => this.done(open),
        sentTo && { pool: this.pool, sink: sentTo },
      );
      sentTo?.once('close', () => stream.giveBack());
      return stream;
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

  /** Read buffers to take from and give back to, for streams whose sink tells when it is done. */
  private readonly pool: BufferPool = {
    take: () => this.buffers.pop() ?? Buffer.allocUnsafe(READ_CHUNK),
    give: (buffer) => {
      // with no file kept open the idle sweep has stopped, and would not drop it
      if (this.files.size > 0 && this.buffers.length < POOLED_BUFFERS) this.buffers.push(buffer);
    },
  };

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
        this.buffers.length = 0;
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

interface BufferPool {
  take(): Buffer;
  give(buffer: Buffer): void;
}

/** The pool a stream's reads borrow from, and the response they go out on. */
interface Lending {
  pool: BufferPool;
  sink: BufferSink;
}

/**
 * One byte range read through a descriptor it does not own: `release` runs once when the stream is done
 * (ended, failed or destroyed), and never while a read is still under way, so the descriptor cannot be
 * closed (and its number reused for another file) under a read.
 *
 * With lending, its reads go into the pool's buffers (LENT_PER_STREAM at a time). A buffer goes back when
 * nothing can send it any more: once the sink has closed, or earlier, while the stream is piped into the sink
 * and nothing else, once every byte pushed through it has left both this stream's queue and the sink (the
 * bytes either still holds are counted from the end of what was pushed, so a sink holding others' bytes
 * too only makes it wait longer). A buffer a read is still filling goes back when that read ends.
 */
class DescriptorStream extends Readable {
  private position: number;
  private readonly end: number;
  private reading = false;
  private released = false;
  /** lent buffers pushed, oldest first, each with the count of bytes pushed up to its end */
  private readonly lent: { buffer: Buffer; pushedBy: number }[] = [];
  private pushed = 0;
  private givenBack = false;
  /** piped into the sink and only there: what the sink still holds is all that is still to be sent */
  private pipedIntoSinkOnly: boolean | undefined;
  /** the last push left room in the stream's queue: read on without waiting to be asked */
  private wantsMore = true;

  constructor(
    private readonly fd: number,
    range: ByteRange,
    private readonly release: () => void,
    private readonly lending?: Lending,
  ) {
    super({ highWaterMark: READ_CHUNK });
    this.position = range.start;
    this.end = range.end + 1;
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.pipedIntoSinkOnly =
      this.pipedIntoSinkOnly === undefined && (destination as unknown) === this.lending?.sink;
    return super.pipe(destination, options);
  }

  override unpipe(destination?: NodeJS.WritableStream): this {
    this.pipedIntoSinkOnly = false;
    return super.unpipe(destination);
  }

  override _read(): void {
    // a read ahead is under way: its end pushes
    if (!this.reading) this.readNext();
  }

  /**
   * Reads the next chunk; once it is in, the one after is started before this one is pushed, while the
   * stream still wants more. Pushing writes the chunk to the socket there and then (the kernel takes it as
   * it comes), so a read started after the push would wait for that copy: a whole file from the disk went
   * out at the rate of one read and one socket write after another.
   */
  private readNext(): void {
    const length = Math.min(READ_CHUNK, this.end - this.position);
    if (length <= 0) {
      this.push(null);
      return;
    }
    this.returnSent();
    const pool =
      this.lending && !this.givenBack && this.lent.length < LENT_PER_STREAM ? this.lending.pool : undefined;
    const buffer = pool ? pool.take() : Buffer.allocUnsafe(length);
    this.reading = true;
    fs.read(this.fd, buffer, 0, length, this.position, (error, bytesRead) => {
      this.reading = false;
      if (pool && this.givenBack) {
        pool.give(buffer);
        // the sink closed under this read: nothing will send what it read
        return this.destroyed ? this.releaseOnce() : this.destroy();
      }
      if (this.destroyed) return this.releaseOnce();
      if (error) return this.destroy(error);
      // the file got shorter than its stat said: end here, as createReadStream does
      if (bytesRead === 0) return this.push(null);
      this.position += bytesRead;
      // lent from now on, but not sendable before it is pushed (returnSent goes oldest first)
      const lent = pool && { buffer, pushedBy: Infinity };
      if (lent) this.lent.push(lent);
      if (this.position < this.end && this.wantsMore) this.readNext();
      this.pushed += bytesRead;
      if (lent) lent.pushedBy = this.pushed;
      this.wantsMore = this.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      if (this.position >= this.end) this.push(null);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.reading) this.releaseOnce();
    callback(error);
  }

  /** The sink is done: its buffers go back to the pool (the one a read is filling, when that read ends). */
  giveBack(): void {
    if (this.givenBack || !this.lending) return;
    this.givenBack = true;
    for (const { buffer } of this.lent.splice(0)) this.lending.pool.give(buffer);
  }

  /** Lent buffers whose bytes have all left this stream and the sink go back to the pool. */
  private returnSent(): void {
    const held = this.lending?.sink.writableLength;
    if (!this.pipedIntoSinkOnly || held === undefined) return;
    const sent = this.pushed - this.readableLength - held;
    while (this.lent.length > 0 && this.lent[0]!.pushedBy <= sent)
      this.lending!.pool.give(this.lent.shift()!.buffer);
  }

  private releaseOnce(): void {
    if (this.released) return;
    this.released = true;
    this.release();
  }
}
