// DESIGN.md §9's media budget: Range streaming at >= 70 % of raw disk read throughput. "Raw" here is GNU dd
// reading the file sequentially in 1 MiB blocks (the standard tool for the figure, no Node in the way),
// timed by dd itself; before each read, ours and dd's, the file's pages are dropped from the page cache
// (`dd iflag=nocache count=0`, which needs no root), so both come off the disk and neither rides the other's
// cache. A page cache that cannot be dropped (no GNU dd) fails the bench rather than comparing cached reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const MIB = 1 << 20;

/** Drops the file's pages from the page cache (posix_fadvise DONTNEED through dd); throws when dd cannot. */
export function dropFromPageCache(file: string): void {
  const result = spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none'], {
    encoding: 'utf8',
  });
  if (result.error || result.status !== 0)
    throw new Error(
      `dd could not drop ${file} from the page cache (${result.error?.message ?? result.stderr.trim()}): ` +
        'the disk comparison needs GNU coreutils dd',
    );
}

/** The whole file read by dd from a dropped cache, in MiB/s of dd's own timing. */
export function rawDiskMibPerSecond(file: string): number {
  dropFromPageCache(file);
  const result = spawnSync('dd', [`if=${file}`, 'of=/dev/null', `bs=${MIB}`], {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
  });
  // "67108864 bytes (67 MB, 64 MiB) copied, 0.0756 s, 887 MB/s"
  const match = /^(\d+) bytes.* copied, ([\d.]+) s/m.exec(result.stderr);
  if (result.status !== 0 || !match) throw new Error(`dd failed reading ${file}: ${result.stderr.trim()}`);
  const bytes = Number(match[1]);
  if (bytes !== fs.statSync(file).size) throw new Error(`dd read ${bytes} bytes of ${file}, not all of it`);
  return bytes / MIB / Number(match[2]);
}
