import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// In development the API runs on :8000 (npm run dev at the root); Vite proxies to it.
const api = process.env.TK_API_URL ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/youtube': api, '/media': api, '/cache': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // a test of several steps, each waiting up to 5 s on a loaded machine (vitest.setup.ts)
    testTimeout: 30_000,
  },
});
