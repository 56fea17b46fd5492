import path from 'node:path';
import type { Readable } from 'node:stream';
import { OpenFiles, type BufferSink } from '../repositories/open-files.ts';
import type { ByteRange, StorageRepository } from '../repositories/storage.repository.ts';

/** The three file URL prefixes (upstream §3.6): `/youtube/` and its alias `/media/` serve the media root. */
export type FileArea = 'youtube' | 'media' | 'cache';

export interface LocatedFile {
  path: string;
  size: number;
  mtimeMs: number;
  /** identity of the file the size and mtime are of: only that file is read */
  dev: number;
  ino: number;
  contentType: string;
}

/** Only artwork is public under /cache: backups, imports and download staging stay private (as upstream's nginx). */
const CACHE_FOLDERS = new Set(['videos', 'channels', 'playlists']);

/** The only files served, by extension of their real path (after symlinks). */
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

/**
 * How long a URL's resolved real path is reused. Resolving it (two realpath calls) was a quarter of the
 * work of a Range request, and a player asks for many ranges of one file. Each request still stats the
 * real path, and uses it only while it is the very file (device and inode) that was resolved inside the
 * root: a file renamed over it, deleted, or reached through a folder swapped for a symlink since is
 * resolved again, so the cache never serves what resolving would refuse.
 */
const REAL_PATH_TTL_MS = 5_000;
const REAL_PATH_CACHE_MAX = 10_000;

export class MediaFileService {
  private readonly realPaths = new Map<string, { path: string; dev: number; ino: number; until: number }>();

  constructor(
    private readonly storage: StorageRepository,
    private readonly roots: { mediaDir: string; cacheDir: string },
    private readonly openFiles = new OpenFiles(),
  ) {}

  /** The file at the decoded path segments of a file URL, or undefined (missing, hidden or outside its root). */
  async locate(area: FileArea, segments: string[]): Promise<LocatedFile | undefined> {
    if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return undefined;
    if (area === 'cache' && !CACHE_FOLDERS.has(segments[0]!)) return undefined;
    const root = area === 'cache' ? this.roots.cacheDir : this.roots.mediaDir;
    const relative = segments.join('/');
    const key = `${area}/${relative}`;
    const known = this.realPaths.get(key);
    if (known && known.until > Date.now()) {
      const facts = await this.storage.fileFacts(known.path);
      if (facts && facts.dev === known.dev && facts.ino === known.ino) {
        return { path: known.path, ...facts, contentType: contentTypeOf(area, known.path) };
      }
    }
    this.realPaths.delete(key);
    const found = await this.storage.findInside(root, relative);
    // only media, images and subtitles: any other file in the tree (say, an .html or .svg someone put
    // there) is never handed to a browser that might run it
    if (!found || !Object.hasOwn(CONTENT_TYPES, path.extname(found.path).toLowerCase())) return undefined;
    if (this.realPaths.size >= REAL_PATH_CACHE_MAX) this.realPaths.clear();
    this.realPaths.set(key, {
      path: found.path,
      dev: found.dev,
      ino: found.ino,
      until: Date.now() + REAL_PATH_TTL_MS,
    });
    return { ...found, contentType: contentTypeOf(area, found.path) };
  }

  /**
   * The file's bytes (or one range of them), from the very file `locate` stated, or undefined when the
   * path holds another file (or none) by now: locate it again. `sentTo` (the response) lets a stream reuse
   * its read buffers once it has closed.
   */
  read(file: LocatedFile, range?: ByteRange, sentTo?: BufferSink): Promise<Buffer | Readable | undefined> {
    return this.openFiles.read(file.path, file, range, sentTo);
  }
}

function contentTypeOf(area: FileArea, file: string): string {
  const ext = path.extname(file).toLowerCase();
  const type = CONTENT_TYPES[ext]!;
  // /media/ is the subtitle alias: browsers need the charset to show non-ASCII cues correctly
  return area === 'media' && ext === '.vtt' ? `${type}; charset=utf-8` : type;
}
