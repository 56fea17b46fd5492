/**
 * The HTTP side of serving files: decoding the path of a file URL and the Range / conditional headers
 * (RFC 9110). Kept apart from the routes so both are easy to test on their own.
 */

/**
 * Decoded path segments after `prefix` (e.g. "/youtube/"), or undefined when any segment is empty,
 * malformed, or decodes to something that could leave its folder ("..", "%2e%2e", "%2f", NUL, "\").
 */
export function decodeFilePath(rawUrl: string, prefix: string): string[] | undefined {
  const pathname = rawUrl.split('?')[0]!.split('#')[0]!;
  if (!pathname.startsWith(prefix)) return undefined;
  const segments: string[] = [];
  for (const raw of pathname.slice(prefix.length).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

export type RangeDecision =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range of a file of `size` bytes. A missing, malformed or multi-range header gets the whole
 * file (allowed by RFC 9110 §14.2); a range that starts past the end is unsatisfiable.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  const match = header ? /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header) : null;
  if (!match) return { kind: 'full' };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

export interface Validators {
  etag: string;
  lastModified: string;
}

/** A strong validator from size and modification time, the way nginx builds it. */
export function validatorsOf(size: number, mtimeMs: number): Validators {
  const mtime = Math.floor(mtimeMs / 1000);
  return {
    etag: `"${mtime.toString(16)}-${size.toString(16)}"`,
    lastModified: new Date(mtime * 1000).toUTCString(),
  };
}

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** True when the client's copy is current (If-None-Match, else If-Modified-Since): answer 304. */
export function isNotModified(headers: Headers, validators: Validators): boolean {
  const noneMatch = header(headers, 'if-none-match');
  if (noneMatch !== undefined) {
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === validators.etag);
  }
  const since = header(headers, 'if-modified-since');
  if (since === undefined) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && Date.parse(validators.lastModified) <= sinceMs;
}

/** If-Range: the range applies only while the client's validator still matches; otherwise send it all. */
export function rangeStillValid(headers: Headers, validators: Validators): boolean {
  const ifRange = header(headers, 'if-range');
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"')) return ifRange === validators.etag;
  return ifRange === validators.lastModified;
}
