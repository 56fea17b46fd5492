import { describe, expect, it } from 'vitest';
import { ReuseWindow } from '../src/services/reuse-window.ts';

describe('ReuseWindow (the short reuse of the user behind a credential and of user configs)', () => {
  it('reuses a value for its time, then reads again; an undefined read is not kept', async () => {
    let now = 0;
    let reads = 0;
    const window = new ReuseWindow<string, number>(2_000, () => now);
    const read = async () => ++reads;
    expect(await window.remember('a', read)).toBe(1);
    now = 1_999;
    expect(await window.remember('a', read)).toBe(1);
    now = 2_000;
    expect(await window.remember('a', read)).toBe(2);
    expect(await window.remember('b', async () => undefined)).toBeUndefined();
    expect(await window.remember('b', async () => 7)).toBe(7);
  });

  it('does not keep a value whose read began before a forget (a write that answered meanwhile)', async () => {
    const window = new ReuseWindow<string, string>(2_000);
    let release!: (value: string) => void;
    const slow = window.remember('token', () => new Promise<string>((resolve) => (release = resolve)));
    window.forget(); // e.g. a logout answered while the lookup ran
    release('old user');
    expect(await slow).toBe('old user');
    expect(await window.remember('token', async () => undefined)).toBeUndefined();
  });
});
