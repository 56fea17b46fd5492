import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // two test files at a time (one on a 1-core machine), not vitest's default of one fewer than the cores: on
    // a 2-core machine that default ran the files one at a time (1 131 s on 28 Nov), while most of their time
    // is spent waiting on child processes, PostgreSQL and sockets; two at a time took 454-596 s in three runs,
    // every test passing. Not more: that is what was tried, and each file holds PostgreSQL connections and
    // servers of its own (PostgreSQL allows 100 connections by default)
    maxWorkers: Math.min(2, availableParallelism()),
    // generous: CI shares 2 cores with ffmpeg, yt-dlp and browser children; a hang still fails after a minute
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
