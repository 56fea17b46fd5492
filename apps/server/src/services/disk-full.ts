/** Space kept free on every volume a download writes to: the database, logs and the file system need some. */
export const RESERVE_BYTES = 16 * 1024 * 1024;

/** A volume has too little room for the next step; the message is the notice the user sees. */
export class DiskFullError extends Error {
  override name = 'DiskFullError';

  constructor(
    readonly volume: string,
    readonly freeBytes: number,
    readonly neededBytes: number,
  ) {
    super(`${volume} volume full: ${megabytes(freeBytes)} free, ${megabytes(neededBytes)} needed`);
  }
}

/** What a full disk says through each layer: Node (ENOSPC), SQLite (SQLITE_FULL), PostgreSQL (53100), yt-dlp. */
const DISK_FULL_TEXT =
  /No space left on device|\[Errno 28\]|ENOSPC|database or disk is full|could not extend file/i;

export function isDiskFull(error: unknown): boolean {
  if (error instanceof DiskFullError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === '53100') return true;
  return typeof message === 'string' && DISK_FULL_TEXT.test(message);
}

/** "0.2 MB", "16.0 MB", "1234 MB": one decimal below 100 MB, where free and needed may differ by a clip. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb < 100 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
