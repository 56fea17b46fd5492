import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // one test file per core, not vitest's default of one fewer: on a 2-core machine that default ran the
    // files one at a time (1 131 s on 28 Nov), while most of their time is spent waiting on child processes,
    // PostgreSQL and sockets; two at a time took 596 s, every test passing, none slowed past its timeout
    maxWorkers: availableParallelism(),
    // generous: CI shares 2 cores with ffmpeg, yt-dlp and browser children; a hang still fails after a minute
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
