/**
 * Value conversions between our columns and upstream's stored document values (upstream §6): dates are
 * epoch seconds there (ours: epoch ms, written as fractional seconds so nothing is lost), flags are booleans,
 * lists and objects are JSON values (ours: JSON text).
 */

/** Epoch ms as epoch seconds, fractional only when the ms are not whole seconds. */
export const toSeconds = (ms: number): number => ms / 1000;

/**
 * A stored date as epoch ms: epoch seconds (number or numeric text), or an ISO / "YYYY-MM-DD" text
 * (upstream's `epoch_second||strict_date_optional_time`). Anything else gives `fallback`.
 */
export function toMs(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 1000);
  if (typeof value === 'string' && value.trim() !== '') {
    if (/^-?\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
    const parsed = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}

export const flag = (value: unknown): number => (value === true || value === 1 || value === 'true' ? 1 : 0);

export const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : fallback;

export function numOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const parsed = num(value, Number.NaN);
  return Number.isNaN(parsed) ? null : parsed;
}

export const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? fallback : String(value);

export const strOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export function parseJsonText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A JSON list column's value as stored in a document ([] when unreadable). */
export const listOf = (text: string | null): unknown[] => {
  const value = parseJsonText(text);
  return Array.isArray(value) ? value : [];
};

export const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A document's list value as our JSON text column. */
export const listText = (value: unknown): string => JSON.stringify(Array.isArray(value) ? value : []);

/** "HH:MM:SS.mmm", upstream's subtitle_start / subtitle_end. */
export function clock(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/** Milliseconds from "HH:MM:SS.mmm" (or "MM:SS.mmm"); 0 when unreadable. */
export function clockMs(text: unknown): number {
  if (typeof text !== 'string') return 0;
  const parts = text.trim().split(':').map(Number);
  if (parts.some((p) => !Number.isFinite(p))) return 0;
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return Math.round(seconds * 1000);
}

/** Seconds from upstream's duration text ("1h 23m 20s", "8m 20s"); null for "NA" or nothing. */
export function durationSeconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const units: Record<string, number> = { y: 31_536_000, d: 86_400, h: 3_600, m: 60, s: 1 };
  let total = 0;
  let found = false;
  for (const match of value.matchAll(/(\d+)\s*([ydhms])/g)) {
    total += Number(match[1]) * units[match[2]!]!;
    found = true;
  }
  return found ? total : null;
}
