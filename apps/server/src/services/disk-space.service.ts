import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import { DiskFullError, RESERVE_BYTES } from './disk-full.ts';

/** A folder a download writes to and the name its volume has in a notice. */
export interface Volume {
  name: string;
  dir: string;
}

/**
 * Free space before a download and before a commit (issue 18 point 1): a run that would fill a volume
 * stops with one notice while its items stay queued, instead of committing rows whose files cannot follow.
 */
export class DiskSpaceService {
  constructor(
    private readonly files: Pick<ArchiveFilesRepository, 'freeBytes'>,
    private readonly volumes: Volume[],
  ) {}

  /** Before a download: every volume keeps its reserve (the download's size is not known yet). */
  async beforeDownload(): Promise<void> {
    for (const volume of this.volumes) await this.ensure(volume.dir, volume.name, 0);
  }

  /** `bytes` more fit in the volume of `dir`, with the reserve left over; else a DiskFullError. */
  async ensure(dir: string, name: string, bytes: number): Promise<void> {
    const free = await this.files.freeBytes(dir);
    const needed = bytes + RESERVE_BYTES;
    if (free < needed) throw new DiskFullError(name, free, needed);
  }

  /** The name of the volume holding `file`, for a notice ("media", "cache"). */
  nameOf(file: string): string {
    const volume = [...this.volumes]
      .sort((a, b) => b.dir.length - a.dir.length)
      .find((v) => file === v.dir || file.startsWith(`${v.dir}/`));
    return volume?.name ?? 'disk';
  }
}
