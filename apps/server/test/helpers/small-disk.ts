import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Fills the file system up to `leaveBytes` free with a filler file. */
  fill(leaveBytes?: number): void;
  /** Removes the filler: the disk has room again. */
  free(): void;
  freeBytes(): number;
  /** Unmounts and removes the folder; a second call does nothing. */
  unmount(): void;
}

/**
 * A small file system of its own: a tmpfs of `sizeMb` mounted on a temporary folder (the tests run as
 * root). Returns the reason instead where the machine cannot mount one, for the test to print and skip.
 */
export function mountSmallDisk(sizeMb: number): SmallDisk | string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})`;
  }
  const filler = path.join(dir, '.filler');
  const freeBytes = () => {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    freeBytes,
    fill(leaveBytes = 0) {
      const size = Math.max(0, freeBytes() - leaveBytes);
      const fd = fs.openSync(filler, 'a');
      try {
        // written, not sparse: tmpfs counts the pages
        const chunk = Buffer.alloc(64 * 1024);
        let left = size;
        while (left > 0) left -= fs.writeSync(fd, chunk, 0, Math.min(chunk.length, left));
      } catch {
        // full: that was the point
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      // a file's own afterAll unmounts a disk a filtered-out describe (-t) mounted but never unmounted
      if (!fs.existsSync(dir)) return;
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
