/**
 * The URLs the API hands out for archive files (upstream §1.11, §3.6). The files themselves are placed by
 * ArchivePaths (services/archive-paths.ts); these are the same layout seen from the browser.
 */

const encodeSegments = (relative: string) => relative.split('/').map(encodeURIComponent).join('/');

/** `/youtube/<relative to the media root>`: videos and subtitles (`<channel_id>/<id>.mp4`, `.<lang>.vtt`). */
export const mediaUrl = (relative: string) => `/youtube/${encodeSegments(relative)}`;

/** `/cache/videos/<first character lowercased>/<id>.jpg` */
export const videoThumbUrl = (youtubeId: string) =>
  `/cache/videos/${encodeURIComponent(youtubeId.charAt(0).toLowerCase())}/${encodeURIComponent(youtubeId)}.jpg`;

/** `/cache/channels/<id>_{thumb,banner,tvart}.jpg` */
export const channelArtUrl = (channelId: string, kind: 'thumb' | 'banner' | 'tvart') =>
  `/cache/channels/${encodeURIComponent(channelId)}_${kind}.jpg`;

/** `/cache/playlists/<id>.jpg` */
export const playlistThumbUrl = (playlistId: string) =>
  `/cache/playlists/${encodeURIComponent(playlistId)}.jpg`;
