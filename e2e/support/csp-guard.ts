import { afterEach, expect } from 'vitest';
import { cspViolations } from './browser.ts';

afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen, 'the page reported Content-Security-Policy violations').toEqual([]);
});
