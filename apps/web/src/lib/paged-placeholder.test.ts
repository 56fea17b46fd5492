import { expect, test } from 'vitest';
import { previousPageOf } from './paged-placeholder.ts';

const previous = { data: ['old page'] };

test('another page of the same list keeps the previous page on screen while loading', () => {
  expect(
    previousPageOf(previous, { channel: 'UC1', sort: 'views' }, { channel: 'UC1', sort: 'views', page: 2 }),
  ).toBe(previous);
  expect(previousPageOf(previous, { channel: 'UC1', page: 3 }, { channel: 'UC1' })).toBe(previous);
});

test('another list never shows the previous one’s items', () => {
  expect(
    previousPageOf(previous, { channel: 'UC1', type: 'videos' }, { channel: 'UC1', type: 'streams' }),
  ).toBe(undefined);
  expect(previousPageOf(previous, { watch: 'unwatched' }, {})).toBe(undefined);
  expect(previousPageOf(previous, undefined, {})).toBe(undefined);
});
