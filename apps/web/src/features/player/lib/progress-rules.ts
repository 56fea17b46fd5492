/*
 * When the player saves the caller's position (spec §9): roughly every 10 s of playback, never for a
 * position under 10 s, and on pause when the position is above 10 s and below 95 % of the duration.
 * Pure, so the rules are tested without a media element.
 */
export const SAVE_EVERY_S = 10;
export const MIN_SAVED_POSITION_S = 10;
export const PAUSE_SAVE_LIMIT = 0.95;
/** A time jump bigger than this between two timeupdate events is a seek, not playback. */
const MAX_TICK_S = 2;

export interface TickState {
  /** position at the previous timeupdate, null before the first */
  lastTime: number | null;
  /** seconds actually played since the last save */
  played: number;
}

export const initialTick: TickState = { lastTime: null, played: 0 };

/** Feeds one timeupdate; `save` says whether to store the position now. */
export function onTick(state: TickState, time: number): { state: TickState; save: boolean } {
  const delta = state.lastTime === null ? 0 : time - state.lastTime;
  const played = delta > 0 && delta <= MAX_TICK_S ? state.played + delta : state.played;
  if (played >= SAVE_EVERY_S && time >= MIN_SAVED_POSITION_S) {
    return { state: { lastTime: time, played: 0 }, save: true };
  }
  return { state: { lastTime: time, played }, save: false };
}

export function shouldSaveOnPause(time: number, duration: number): boolean {
  return time > MIN_SAVED_POSITION_S && duration > 0 && time < duration * PAUSE_SAVE_LIMIT;
}
