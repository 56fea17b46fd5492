import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor give up after 5 s instead of 1 s: on a loaded 2-core machine (CI runs the suites beside
// PostgreSQL and Chromium) a first render with React Query took over a second and failed tests at random.
// A missing element still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

// jsdom has no layout: scrolling does nothing here, instead of jsdom logging an unsupported-API error on every page.
window.scrollTo = () => {};
