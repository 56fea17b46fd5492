import { describe, expect, it } from 'vitest';
import { paginate, paramsWithoutPage } from '../src/services/pagination.ts';
import { durationStr, isoUtc, commentTimeText } from '../src/services/wire/format.ts';

describe('pagination object (upstream §1.2, real totals)', () => {
  it.each([
    [0, null],
    [1, null],
    [2, []],
    [3, [2]],
    [8, [3, 4, 5, 6, 7]],
  ])('page %i has prev_pages %j', (page, prev) => {
    expect(paginate(page, 12, '', 1000).prev_pages).toEqual(prev);
  });

  it('starts pages 0 and 1 at 0 and later pages at (page-1)*size', () => {
    expect(paginate(0, 12, '', 100).page_from).toBe(0);
    expect(paginate(1, 12, '', 100).page_from).toBe(0);
    expect(paginate(4, 12, '', 100).page_from).toBe(36);
  });

  it('lists up to five next pages, never the last one, which is last_page', () => {
    // 100 hits of 12 → 9 pages
    expect(paginate(1, 12, '', 100)).toMatchObject({ next_pages: [2, 3, 4, 5, 6], last_page: 9 });
    expect(paginate(0, 12, '', 100)).toMatchObject({ next_pages: [2, 3, 4, 5], last_page: 9 });
    expect(paginate(6, 12, '', 100)).toMatchObject({ next_pages: [7, 8], last_page: 9 });
    expect(paginate(8, 12, '', 100)).toMatchObject({ next_pages: [], last_page: 9 });
    expect(paginate(9, 12, '', 100)).toMatchObject({ next_pages: [], last_page: false });
  });

  it('has no last page for a single page or none', () => {
    expect(paginate(0, 12, '', 12)).toMatchObject({ next_pages: [], last_page: false, total_hits: 12 });
    expect(paginate(0, 12, '', 0)).toMatchObject({ next_pages: [], last_page: false, total_hits: 0 });
  });

  it('reports real totals beyond 10 000 without max_hits', () => {
    const result = paginate(1, 10, 'sort=views', 25_000);
    expect(result).toEqual({
      page_size: 10,
      page_from: 0,
      prev_pages: null,
      current_page: 1,
      max_hits: false,
      params: 'sort=views',
      last_page: 2500,
      next_pages: [2, 3, 4, 5, 6],
      total_hits: 25_000,
    });
  });

  it('returns the query string without page', () => {
    expect(paramsWithoutPage('/api/video/?sort=views&page=3&order=asc')).toBe('sort=views&order=asc');
    expect(paramsWithoutPage('/api/video/')).toBe('');
    expect(paramsWithoutPage('/api/video/?page=2')).toBe('');
  });
});

describe('wire formats', () => {
  it.each([
    [500, '8m 20s'],
    [5000, '1h 23m 20s'],
    [0, 'NA'],
    [null, 'NA'],
    [59.9, '59s'],
    [3600, '1h'],
    [3723, '1h 02m 03s'],
    [90_061, '1d 01h 01m 01s'],
  ])('duration %s is %s', (seconds, text) => {
    expect(durationStr(seconds)).toBe(text);
  });

  it('writes dates as Python isoformat in UTC', () => {
    expect(isoUtc(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02T03:04:05+00:00');
    expect(isoUtc(Date.UTC(2024, 0, 2, 3, 4, 5, 120))).toBe('2024-01-02T03:04:05.120000+00:00');
  });

  it('writes comment times as a date, with the time unless it is midnight', () => {
    expect(commentTimeText(Date.UTC(2024, 4, 6) / 1000)).toBe('2024-05-06');
    expect(commentTimeText(Date.UTC(2024, 4, 6, 13, 7, 30) / 1000)).toBe('2024-05-06 13:07');
  });
});
