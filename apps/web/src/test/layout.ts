import { afterEach } from 'vitest';

/**
 * jsdom lays nothing out (every height is 0), so a test of a clipped text says how tall the text is and how
 * tall its box: `textHeights({ scroll: 300, client: 120 })` is a text that overflows. Restored after each test.
 */
export function textHeights(heights: { scroll: number; client: number }, selector = '.expandable-text') {
  const height = (key: 'scroll' | 'client') =>
    function (this: HTMLElement) {
      return this.matches(selector) ? heights[key] : 0;
    };
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: height('scroll') });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: height('client') });
}

afterEach(() => {
  // back to jsdom's own (prototype) definitions
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});
