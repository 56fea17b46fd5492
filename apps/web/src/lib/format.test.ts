import { describe, expect, test } from 'vitest';
import { formatBitrate, formatClock, formatCount, formatFileSize } from './format.ts';

describe('formatCount (spec §9: compact from 1 million)', () => {
  test.each([
    [0, '0'],
    [999, '999'],
    [12_345, '12,345'],
    [999_999, '999,999'],
    [1_000_000, '1M'],
    [1_234_567, '1.2M'],
    [25_600_000, '25.6M'],
    [3_000_000_000, '3B'],
  ])('%i → %s', (value, shown) => {
    expect(formatCount(value, 'en-US')).toBe(shown);
  });
});

describe('formatFileSize in the user units', () => {
  test('binary counts in steps of 1024 with KiB, MiB, GiB', () => {
    expect(formatFileSize(0, 'binary')).toBe('0 B');
    expect(formatFileSize(1023, 'binary')).toBe('1023 B');
    expect(formatFileSize(1024, 'binary')).toBe('1.0 KiB');
    expect(formatFileSize(1_572_864, 'binary')).toBe('1.5 MiB');
    expect(formatFileSize(5 * 1024 ** 3, 'binary')).toBe('5.0 GiB');
  });

  test('metric (SI) counts in steps of 1000 with kB, MB, GB', () => {
    expect(formatFileSize(1000, 'metric')).toBe('1.0 kB');
    expect(formatFileSize(1_572_864, 'metric')).toBe('1.6 MB');
    expect(formatFileSize(250_000_000, 'metric')).toBe('250 MB');
    expect(formatFileSize(5 * 1000 ** 3, 'metric')).toBe('5.0 GB');
  });

  test('bit rates use the same families', () => {
    expect(formatBitrate(2_000_000, 'metric')).toBe('2.0 Mb/s');
    expect(formatBitrate(131_072, 'binary')).toBe('128 Kib/s');
  });
});

test('formatClock shows minutes and seconds, with hours when needed', () => {
  expect(formatClock(5)).toBe('0:05');
  expect(formatClock(65.9)).toBe('1:05');
  expect(formatClock(3723)).toBe('1:02:03');
});
