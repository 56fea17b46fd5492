/**
 * The video player (spec §2 Player, §4, §9) and the embedded player overlay opened by `?videoId=`.
 * The video page and every list page with inline playback (home, channel videos, playlist, search)
 * import from here.
 */
export { VideoPlayer, type SeekRequest } from './components/video-player.tsx';
export { PlayerOverlay } from './components/player-overlay.tsx';
export { storedAutoplayPlaylist, storeAutoplayPlaylist } from './lib/player-prefs.ts';
export { CastButton } from './components/cast-button.tsx';
