// Entry of the video writer thread (sqlite-video-writer.ts says why it exists). Worker threads do not
// inherit the TypeScript loader that `node --import tsx` gives the main thread: tsx's require hook compiles
// in this thread (as search-thread.cjs does). The bundle (build.mjs) replaces this file with the worker itself.
require('tsx/cjs/api').register();
require('./sqlite-video-writer.worker.ts');
