/** Value formats of the wire shapes (upstream §1.11): dates, durations, JSON columns. */

const UNITS: [string, number][] = [
  ['y', 31_536_000],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/**
 * Upstream's duration text: each unit that still fits, zero-padded, the first without its leading
 * zero. 500 → "8m 20s", 5000 → "1h 23m 20s", 3600 → "1h", 0 → "NA".
 */
export function durationStr(seconds: number | null | undefined): string {
  let rest = Math.floor(seconds ?? 0);
  if (!(rest > 0)) return 'NA';
  const parts: string[] = [];
  for (const [label, size] of UNITS) {
    if (rest < size) continue;
    parts.push(`${String(Math.floor(rest / size)).padStart(2, '0')}${label}`);
    rest %= size;
  }
  parts[0] = parts[0]!.replace(/^0/, '');
  return parts.join(' ');
}

/** Epoch ms as Python's `isoformat()` of a UTC datetime: "2024-01-02T03:04:05+00:00". */
export function isoUtc(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2024-01-02T03:04:05.123Z
  const fraction = iso.slice(20, 23);
  return `${iso.slice(0, 19)}${fraction === '000' ? '' : `.${fraction}000`}+00:00`;
}

export const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** "YYYY-MM-DD", or "YYYY-MM-DD HH:MM" when the UTC time is not exactly midnight (upstream §3.3). */
export function commentTimeText(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A JSON text column holding a list of strings; anything unreadable counts as empty. */
export function jsonStrings(text: string | null | undefined): string[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function jsonObjects(text: string | null | undefined): Record<string, unknown>[] {
  return objectsIn(parseJson(text));
}

/** The plain objects of a list (anything else in it, or a non-list, is dropped). */
export function objectsIn(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export function jsonObject(text: string | null | undefined): Record<string, unknown> | null {
  const value = parseJson(text);
  return isObject(value) ? value : null;
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
