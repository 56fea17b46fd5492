import fs from 'node:fs';
import path from 'node:path';
import { USER_AGENT } from './integration-fetch.ts';

/** Image types the provider serves, by Content-Type, as file extensions ffmpeg recognises. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/** Upstream tries art downloads 3 times (§3.6). */
const TRIES = 3;

export interface RemoteFileOptions {
  timeoutMs?: number;
  /** at most this many bytes (a thumbnail is well under 1 MB) */
  maxBytes?: number;
}

/**
 * Pictures from the provider's image hosts (thumbnails, channel art). Writes `<base>.<ext>` whole or not
 * at all (a `.part` file renamed at the end) and returns its path, or undefined when the picture could not
 * be had: missing art falls back to the default pictures, it never fails a download.
 */
export class RemoteFileRepository {
  constructor(private readonly options: RemoteFileOptions = {}) {}

  async fetchImage(url: string, base: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!/^https?:\/\//i.test(url)) return undefined;
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      if (signal?.aborted) return undefined;
      const file = await this.tryFetch(url, base, signal).catch(() => undefined);
      if (file !== undefined) return file || undefined;
    }
    return undefined;
  }

  /** The file; '' when the answer is final (not an image, 404); undefined (via throw) to try again. */
  private async tryFetch(url: string, base: string, signal?: AbortSignal): Promise<string> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
    const response = await fetch(url, {
      headers: { 'User-Agent': USER_AGENT },
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    if (response.status >= 500 || response.status === 429) throw new Error(`HTTP ${response.status}`);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const ext = EXTENSIONS[type] ?? extensionOf(url);
    if (!response.ok || !ext) return '';
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length === 0 || body.length > (this.options.maxBytes ?? 20 * 1024 * 1024)) return '';
    const file = `${base}.${ext}`;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const part = `${file}.part`;
    try {
      await fs.promises.writeFile(part, body);
      await fs.promises.rename(part, file);
    } catch (error) {
      // a full disk: no half picture stays behind
      await fs.promises.rm(part, { force: true });
      throw error;
    }
    return file;
  }
}

function extensionOf(url: string): string | undefined {
  const match = /\.(jpe?g|png|webp)(?:$|[?#])/i.exec(new URL(url).pathname);
  return match ? match[1]!.toLowerCase().replace('jpeg', 'jpg') : undefined;
}
