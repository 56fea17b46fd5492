import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // generous: CI shares 2 cores with ffmpeg, yt-dlp and browser children; a hang still fails after a minute
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // one file per core: vitest's default (cores - 1) ran the files one after another on the 2-core CI
    // machine, where most of their time is spent waiting on child processes, PostgreSQL and timers. Measured
    // 1 Dec: 975 s with one worker, 508 s with two, the same 1 680 tests passing.
    maxWorkers: os.availableParallelism(),
  },
});
