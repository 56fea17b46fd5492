import { defineConfig } from 'vitest/config';

// Browser tests against the real server and the built web app (npm run test:e2e builds it first).
// One server for the whole run (global setup); files run one after another so they share it calmly.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/csp-guard.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: 'node',
  },
});
