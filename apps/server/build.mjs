// Bundles the server for `npm start` (ARCHITECTURE.md, decisions): dist/main.mjs, the program,
// dist/search-thread.cjs, the search worker thread it starts (search-threads.ts finds it beside itself),
// dist/spawner-helper.cjs, the process that starts child processes (spawner.ts, likewise), and
// dist/sqlite-checkpoint-thread.cjs, the thread that checkpoints SQLite's WAL (sqlite-checkpointer.ts), and
// dist/sqlite-video-writer-thread.cjs, the thread that writes indexed videos on SQLite (sqlite-video-writer.ts).
// Packages stay in node_modules; only our own TypeScript, the contract package included, is bundled.
// Development, tests and the `tubekeeper` command run the sources through tsx instead.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const common = {
  absWorkingDir: here,
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // the contract package exports TypeScript source, which Node cannot load: bundle it with ours
  alias: { '@tubekeeper/contract': path.resolve(here, '../../packages/contract/src/index.ts') },
  logLevel: 'warning',
  // its `"sideEffects": "false"` (a string) is meant for the web bundler; nothing to act on here
  logOverride: { 'package.json': 'silent' },
  // the bundle is what production runs: exact-wire routes skip their zod check there (src/http/exact-wire.ts)
  define: { __TK_BUNDLE__: 'true' },
};

const started = performance.now();
await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts'], format: 'esm', outfile: 'dist/main.mjs' }),
  build({
    ...common,
    entryPoints: ['src/db/search/search-thread.worker.ts'],
    format: 'cjs',
    outfile: 'dist/search-thread.cjs',
  }),
  build({
    ...common,
    entryPoints: ['src/repositories/spawner-helper.cjs'],
    format: 'cjs',
    outfile: 'dist/spawner-helper.cjs',
  }),
  build({
    ...common,
    entryPoints: ['src/db/sqlite-video-writer.worker.ts'],
    format: 'cjs',
    outfile: 'dist/sqlite-video-writer-thread.cjs',
  }),
  build({
    ...common,
    entryPoints: ['src/db/sqlite-checkpoint-thread.cjs'],
    format: 'cjs',
    outfile: 'dist/sqlite-checkpoint-thread.cjs',
  }),
]);
console.log(`server bundled into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
