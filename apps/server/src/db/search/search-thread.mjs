// Entry of a search worker thread. Worker threads do not inherit the TypeScript loader that
// `node --import tsx` gives the main thread, so it is registered here before the TypeScript entry loads.
import { register } from 'tsx/esm/api';

register();
await import('./search-thread.worker.ts');
