/**
 * Playlists: the list and playlist pages, and the pieces other pages use (playlist cards on a
 * channel's Playlists page, the Add to Playlist popup on the video page).
 */
export { usePlaylistList } from './api/list-playlists.ts';
export { PlaylistCards } from './components/playlist-cards.tsx';
export { AddToPlaylistPopup } from './components/add-to-playlist-popup.tsx';
