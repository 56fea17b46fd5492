/** Reindex requests (spec §2/§4): the Reindex and Reindex Videos buttons of the video, channel and playlist pages. */
export { ReindexButtons } from './components/reindex-buttons.tsx';
