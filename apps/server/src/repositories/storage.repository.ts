import fs from 'node:fs';
import path from 'node:path';

export interface FileFacts {
  size: number;
  mtimeMs: number;
}

/** Facts of a file and its identity on disk (device and inode), which a rename over it changes. */
export interface StatedFile extends FileFacts {
  dev: number;
  ino: number;
}

const statedFile = (stat: fs.Stats): StatedFile => ({
  size: stat.size,
  mtimeMs: stat.mtimeMs,
  dev: stat.dev,
  ino: stat.ino,
});

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

/**
 * Files under the media and cache roots. Every path that comes from outside (a URL, a database row)
 * goes through `resolveInside`, so nothing outside its root is ever read: no `..`, no absolute path,
 * no symlink whose target leaves the root.
 */
export class StorageRepository {
  /**
   * The real path of an existing regular file at `relative` inside `root`, or undefined when there is
   * none or the path (or a symlink on the way) would leave the root.
   */
  async resolveInside(root: string, relative: string): Promise<string | undefined> {
    return (await this.findInside(root, relative))?.path;
  }

  /** `resolveInside` with the file's facts from the same `stat`. */
  async findInside(root: string, relative: string): Promise<(StatedFile & { path: string }) | undefined> {
    if (!isPlainRelative(relative)) return undefined;
    const realRoot = await realpathOrUndefined(root);
    if (!realRoot) return undefined;
    const real = await realpathOrUndefined(path.resolve(realRoot, relative));
    if (!real || !isWithin(realRoot, real)) return undefined;
    const stat = await fs.promises.stat(real).catch(() => undefined);
    return stat?.isFile() ? { path: real, ...statedFile(stat) } : undefined;
  }

  /** The facts of a regular file, or undefined when it is gone or not a file. */
  async fileFacts(file: string): Promise<StatedFile | undefined> {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    return stat?.isFile() ? statedFile(stat) : undefined;
  }

  async stat(file: string): Promise<FileFacts> {
    const stat = await fs.promises.stat(file);
    return { size: stat.size, mtimeMs: stat.mtimeMs };
  }
}

/** Relative, no NUL, no backslash, and no empty, `.` or `..` segment. */
export function isPlainRelative(relative: string): boolean {
  if (relative === '' || relative.includes('\0') || relative.includes('\\')) return false;
  if (path.isAbsolute(relative)) return false;
  return relative.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function isWithin(root: string, candidate: string): boolean {
  return candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

async function realpathOrUndefined(file: string): Promise<string | undefined> {
  try {
    return await fs.promises.realpath(file);
  } catch {
    return undefined;
  }
}
