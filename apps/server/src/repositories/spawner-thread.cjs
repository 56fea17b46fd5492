// Entry of the spawner thread (spawner.ts). Worker threads do not inherit the TypeScript loader that
// `node --import tsx` gives the main thread: tsx's require hook compiles here. The bundle (build.mjs) puts
// the compiled spawner-thread.worker.ts at this name beside main.mjs instead.
require('tsx/cjs/api').register();
require('./spawner-thread.worker.ts');
