import { readStored, readStoredNumber, writeStored } from '../../../lib/browser-storage.ts';
import { DEFAULT_SPEED } from './playback-speed.ts';

/*
 * Player preferences kept in the browser (spec §4): volume, speed and playlist autoplay. The key names
 * are upstream's, so a browser that used it keeps its settings.
 */
const VOLUME = 'playerVolume';
const SPEED = 'playerSpeed';
const AUTOPLAY = 'playlistAutoplay';
const AUTOPLAY_PLAYLIST = 'playlistIdForAutoplay';

export const storedVolume = () => readStoredNumber(VOLUME, 1, 0, 1);
export const storeVolume = (volume: number) => writeStored(VOLUME, String(volume));
export const storedSpeed = () => readStoredNumber(SPEED, DEFAULT_SPEED, 0.25, 3);
export const storeSpeed = (speed: number) => writeStored(SPEED, String(speed));

/** The playlist whose next video plays when a video ends, or null when autoplay is off. */
export function storedAutoplayPlaylist(): string | null {
  if (readStored(AUTOPLAY) !== 'true') return null;
  return readStored(AUTOPLAY_PLAYLIST) || null;
}

export function storeAutoplayPlaylist(playlistId: string | null): void {
  writeStored(AUTOPLAY, playlistId ? 'true' : 'false');
  writeStored(AUTOPLAY_PLAYLIST, playlistId ?? '');
}
