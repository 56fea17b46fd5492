import path from 'node:path';
import type { ReadStream } from 'node:fs';
import type { ByteRange, StorageRepository } from '../repositories/storage.repository.ts';

/** The three file URL prefixes (upstream §3.6): `/youtube/` and its alias `/media/` serve the media root. */
export type FileArea = 'youtube' | 'media' | 'cache';

export interface LocatedFile {
  path: string;
  size: number;
  mtimeMs: number;
  contentType: string;
}

/** Only artwork is public under /cache: backups, imports and download staging stay private (as upstream's nginx). */
const CACHE_FOLDERS = new Set(['videos', 'channels', 'playlists']);

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.vtt': 'text/vtt',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export class MediaFileService {
  constructor(
    private readonly storage: StorageRepository,
    private readonly roots: { mediaDir: string; cacheDir: string },
  ) {}

  /** The file at the decoded path segments of a file URL, or undefined (missing, hidden or outside its root). */
  async locate(area: FileArea, segments: string[]): Promise<LocatedFile | undefined> {
    if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return undefined;
    if (area === 'cache' && !CACHE_FOLDERS.has(segments[0]!)) return undefined;
    const root = area === 'cache' ? this.roots.cacheDir : this.roots.mediaDir;
    const real = await this.storage.resolveInside(root, segments.join('/'));
    if (!real) return undefined;
    const { size, mtimeMs } = await this.storage.stat(real);
    return { path: real, size, mtimeMs, contentType: contentTypeOf(area, real) };
  }

  open(file: LocatedFile, range?: ByteRange): ReadStream {
    return this.storage.openRead(file.path, range);
  }
}

function contentTypeOf(area: FileArea, file: string): string {
  const ext = path.extname(file).toLowerCase();
  const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  // /media/ is the subtitle alias: browsers need the charset to show non-ASCII cues correctly
  return area === 'media' && ext === '.vtt' ? `${type}; charset=utf-8` : type;
}
