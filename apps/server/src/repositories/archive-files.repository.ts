import fs from 'node:fs';
import path from 'node:path';

/**
 * File-system steps of putting media into the archive: listing the import folder, staging, and moving
 * finished files into the media tree and the cache. Moves are renames, atomic on one file system; across
 * file systems (media and cache on different volumes) the file is copied next to its target as
 * `<target>.part` and then renamed, so the target name never shows a half file.
 */
export class ArchiveFilesRepository {
  /** Names of the regular files in `dir` (no folders); an absent folder has none. */
  async listFiles(dir: string): Promise<string[]> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(notFoundAs([]));
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  }

  async listDirs(dir: string): Promise<string[]> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(notFoundAs([]));
    return entries.filter((e) => e.isDirectory()).map((e) => e.name);
  }

  async ensureDir(dir: string): Promise<void> {
    await fs.promises.mkdir(dir, { recursive: true });
  }

  async exists(file: string): Promise<boolean> {
    return fs.promises.access(file).then(
      () => true,
      () => false,
    );
  }

  async size(file: string): Promise<number> {
    return (await fs.promises.stat(file)).size;
  }

  async readText(file: string): Promise<string> {
    return fs.promises.readFile(file, 'utf8');
  }

  async writeText(file: string, text: string): Promise<void> {
    await fs.promises.writeFile(file, text, 'utf8');
  }

  /** A second name for the same file (no copy, the source stays); a copy where links are not possible. */
  async linkOrCopy(from: string, to: string): Promise<void> {
    await this.remove(to);
    await fs.promises.link(from, to).catch(() => fs.promises.copyFile(from, to));
  }

  async copy(from: string, to: string): Promise<void> {
    await this.ensureDir(path.dirname(to));
    await fs.promises.copyFile(from, to);
  }

  /** Renames `from` to `to` (replacing it), creating the target folder; see the class note for EXDEV. */
  async move(from: string, to: string): Promise<void> {
    await this.ensureDir(path.dirname(to));
    try {
      await fs.promises.rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const part = `${to}.part`;
      await fs.promises.copyFile(from, part);
      await fs.promises.rename(part, to);
      await fs.promises.unlink(from);
    }
  }

  /**
   * Copies `from` to `to` and flushes it to the disk, so that once this returns the bytes survive a power
   * cut (the commit that follows relies on them). A copy the disk cannot hold is removed again.
   */
  async copyDurable(from: string, to: string): Promise<void> {
    await this.ensureDir(path.dirname(to));
    try {
      await fs.promises.copyFile(from, to);
      const handle = await fs.promises.open(to, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await this.remove(to);
      throw error;
    }
  }

  /** Whether a rename from `file` to `target` stays on one file system (else it is a copy). */
  async sameFileSystem(file: string, target: string): Promise<boolean> {
    const [a, b] = await Promise.all([
      fs.promises.stat(file),
      fs.promises.stat(await existingAncestor(target)),
    ]);
    return a.dev === b.dev;
  }

  /** Bytes an unprivileged writer may still use on the file system holding `dir` (or its nearest parent). */
  async freeBytes(dir: string): Promise<number> {
    const stats = await fs.promises.statfs(await existingAncestor(dir));
    return stats.bavail * stats.bsize;
  }

  async remove(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true });
  }

  async removeDir(dir: string): Promise<void> {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }

  /** Writes JSON so that a reader sees the old file or the whole new one, even across a crash. */
  async writeJsonAtomic(file: string, value: unknown): Promise<void> {
    const temp = `${file}.tmp`;
    const handle = await fs.promises.open(temp, 'w');
    try {
      await handle.writeFile(JSON.stringify(value), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, file);
  }

  /** The parsed JSON file, or undefined when it does not exist. */
  async readJson(file: string): Promise<unknown> {
    const text = await fs.promises.readFile(file, 'utf8').catch(notFoundAs(undefined));
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }
}

/** `file` itself or the nearest folder above it that exists (a channel folder may not exist yet). */
async function existingAncestor(file: string): Promise<string> {
  for (let current = file; ; current = path.dirname(current)) {
    if (
      await fs.promises.stat(current).then(
        () => true,
        () => false,
      )
    )
      return current;
    if (path.dirname(current) === current) return current;
  }
}

function notFoundAs<T>(value: T) {
  return (error: NodeJS.ErrnoException): T => {
    if (error.code === 'ENOENT') return value;
    throw error;
  };
}
