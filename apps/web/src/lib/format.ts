import type { UserConfig } from '@tubekeeper/contract';

/*
 * Display formats shared by every screen: counts, file sizes, dates and clock times. Pure functions,
 * so the rules of the spec (§9: compact numbers from 1 million, the user's size units) are tested once.
 */

const COMPACT_FROM = 1_000_000;

/** Spec §9: numbers of 1 million or more are shown compact (1.2M), smaller ones in full (12,345). */
export function formatCount(value: number, locale?: string): string {
  const options: Intl.NumberFormatOptions =
    Math.abs(value) >= COMPACT_FROM
      ? { notation: 'compact', maximumFractionDigits: 1 }
      : { maximumFractionDigits: 0 };
  return new Intl.NumberFormat(locale, options).format(value);
}

export type FileSizeUnit = UserConfig['file_size_unit'];

const UNITS: Record<FileSizeUnit, { base: number; names: string[] }> = {
  binary: { base: 1024, names: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] },
  metric: { base: 1000, names: ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] },
};

/** A byte count in the user's units: binary steps of 1024 (KiB, MiB) or metric/SI steps of 1000 (kB, MB). */
export function formatFileSize(bytes: number, unit: FileSizeUnit): string {
  const { base, names } = UNITS[unit];
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= base && index < names.length - 1) {
    value /= base;
    index += 1;
  }
  const digits = index === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${names[index]}`;
}

/** A bit rate from bits per second, in the same unit family as file sizes. */
export function formatBitrate(bitsPerSecond: number, unit: FileSizeUnit): string {
  return `${formatFileSize(bitsPerSecond, unit).replace(/B$/, 'b')}/s`;
}

/** A calendar date (the API sends ISO-8601 UTC); an unreadable value is shown as it came. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A position in a video as a clock: 65 → "1:05", 3723 → "1:02:03". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
