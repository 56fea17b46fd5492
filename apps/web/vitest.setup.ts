import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

// jsdom has no layout: scrolling is a no-op here instead of a "not implemented" error on every page.
window.scrollTo = () => {};
