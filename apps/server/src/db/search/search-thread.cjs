// Entry of a search worker thread. Worker threads do not inherit the TypeScript loader that
// `node --import tsx` gives the main thread. tsx's require hook compiles in this thread; its ESM hooks
// would start one more loader thread per search thread (~40 MB each), so the engine is loaded as CommonJS.
require('tsx/cjs/api').register();
require('./search-thread.worker.ts');
