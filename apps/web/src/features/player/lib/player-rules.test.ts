import { describe, expect, test } from 'vitest';
import { stepSpeed, SPEEDS } from './playback-speed.ts';
import { initialTick, onTick, shouldSaveOnPause, type TickState } from './progress-rules.ts';
import { segmentToSkip, skippableSegments } from './sponsor-skip.ts';

/** Plays from `from` to `to` in timeupdate steps of 0.25 s and returns the positions saved. */
function play(from: number, to: number, state: TickState = initialTick): number[] {
  const saved: number[] = [];
  for (let time = from; time <= to + 1e-9; time += 0.25) {
    const next = onTick(state, time);
    state = next.state;
    if (next.save) saved.push(Math.round(time * 100) / 100);
  }
  return saved;
}

describe('progress saving (spec §9)', () => {
  test('saves about every 10 s of playback, never under 10 s', () => {
    expect(play(0, 9.75)).toEqual([]);
    expect(play(0, 35)).toEqual([10, 20, 30]);
  });

  test('a seek is not playback: jumping ahead does not trigger a save by itself', () => {
    let state = onTick(initialTick, 0).state;
    state = onTick(state, 1).state;
    const jump = onTick(state, 600);
    expect(jump.save).toBe(false);
    // 1 s played before the jump plus 9 s after it
    expect(play(600.25, 611, jump.state)).toEqual([609]);
  });

  test('on pause: only between 10 s and 95 % of the duration', () => {
    expect(shouldSaveOnPause(9, 100)).toBe(false);
    expect(shouldSaveOnPause(10, 100)).toBe(false);
    expect(shouldSaveOnPause(10.5, 100)).toBe(true);
    expect(shouldSaveOnPause(94.9, 100)).toBe(true);
    expect(shouldSaveOnPause(95, 100)).toBe(false);
    expect(shouldSaveOnPause(50, Number.NaN)).toBe(false);
  });
});

describe('SponsorBlock skipping (spec §9: within 0.3 s of the start)', () => {
  const segments = skippableSegments([
    { UUID: 'a', segment: [10, 20], category: 'sponsor', actionType: 'skip' },
    { UUID: 'b', segment: [30, 40], category: 'poi_highlight', actionType: 'none' },
    { UUID: 'c', segment: ['x', 5] },
    { UUID: 'd', segment: [50, 45] },
  ]);

  test('keeps only well-formed skippable segments', () => {
    expect(segments).toEqual([{ id: 'a', start: 10, end: 20 }]);
  });

  test.each([
    [9.9, undefined],
    [10, 'a'],
    [10.3, 'a'],
    [10.31, undefined],
    [15, undefined],
    [30.1, undefined],
  ])('at %f s skips %s', (time, id) => {
    expect(segmentToSkip(time, segments)?.id).toBe(id);
  });
});

describe('playback speeds (spec §9: 0.25 to 3 in 0.25 steps)', () => {
  test('the list', () => {
    expect(SPEEDS).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3]);
  });

  test('steps up and down and holds at the ends', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(3, 1)).toBe(3);
    expect(stepSpeed(0.25, -1)).toBe(0.25);
    expect(stepSpeed(1.1, 1)).toBe(1.25);
    expect(stepSpeed(1.1, -1)).toBe(1);
  });
});
