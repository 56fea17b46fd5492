import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** One file to write into a zip: its name and its lines. */
export interface ZipPart {
  name: string;
  lines: string[];
}

/** A zip opened for reading: its file names and each file's lines, streamed. */
export interface OpenZip {
  names: string[];
  lines(name: string): AsyncGenerator<string>;
  close(): void;
}

/**
 * Zip files with yazl and yauzl: both stream, so neither side holds a whole archive in memory. A zip is
 * written beside its final name and renamed when complete, so a crash never leaves a half backup.
 */
export class BackupZipRepository {
  /** Writes the parts one at a time (the next is asked for once the last is compressed), then renames. */
  async write(file: string, parts: AsyncIterable<ZipPart>): Promise<number> {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, fs.createWriteStream(partial));
    // a failed write must not leave the loop waiting for an entry that is never read
    const failure = written.then(
      () => new Promise<never>(() => undefined),
      (error: unknown) => Promise.reject(error),
    );
    failure.catch(() => undefined);
    try {
      for await (const part of parts) {
        const entry = new PassThrough();
        zip.addReadStream(entry, part.name, { compress: true, mtime: new Date() });
        entry.end(part.lines.length === 0 ? '' : `${part.lines.join('\n')}\n`);
        await Promise.race([once(entry, 'end'), failure]);
      }
      zip.end();
      await written;
      fs.renameSync(partial, file);
      return fs.statSync(file).size;
    } catch (error) {
      (zip.outputStream as unknown as Readable).destroy();
      await written.catch(() => undefined);
      fs.rmSync(partial, { force: true });
      throw error;
    }
  }

  /** Opens a zip and reads its central directory; a broken or truncated file fails here. */
  async open(file: string): Promise<OpenZip> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, z) =>
        error ? reject(error) : resolve(z),
      ),
    );
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        // folders and nested paths are not part of the format; only plain file names are read
        if (!entry.fileName.endsWith('/') && !entry.fileName.includes('/'))
          entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', reject);
      zip.readEntry();
    });
    return {
      names: [...entries.keys()],
      lines: (name) => linesOf(zip, entries.get(name)!),
      close: () => zip.close(),
    };
  }
}

async function* linesOf(zip: yauzl.ZipFile, entry: yauzl.Entry): AsyncGenerator<string> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))),
  );
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of stream) {
      rest += decoder.write(chunk as Buffer);
      const lines = rest.split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line.trim() !== '') yield line;
    }
    rest += decoder.end();
    if (rest.trim() !== '') yield rest;
  } finally {
    stream.destroy();
  }
}

/** A file in the backup folder. */
export interface StoredFile {
  name: string;
  path: string;
  size: number;
  mtimeMs: number;
}

/** The backup folder's files (names only: nothing below it is read). */
export class BackupFolderRepository {
  constructor(readonly dir: string) {}

  list(): StoredFile[] {
    if (!fs.existsSync(this.dir)) return [];
    return fs
      .readdirSync(this.dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => this.stat(entry.name)!)
      .filter(Boolean);
  }

  /** The file of that name directly in the folder (its real path too: a link out of it does not count). */
  stat(name: string): StoredFile | undefined {
    const file = path.join(this.dir, name);
    try {
      const real = fs.realpathSync(file);
      if (path.dirname(real) !== fs.realpathSync(this.dir)) return undefined;
      const stat = fs.statSync(real);
      return stat.isFile() ? { name, path: file, size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  }

  remove(name: string): void {
    fs.rmSync(path.join(this.dir, name), { force: true });
  }
}
