import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // generous: CI shares 2 cores with ffmpeg, yt-dlp and browser children; a hang still fails after a minute
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
