import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

// jsdom has no layout: scrolling does nothing here, instead of jsdom logging an unsupported-API error on every page.
window.scrollTo = () => {};
