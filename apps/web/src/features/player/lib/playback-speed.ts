/** Spec §9: speeds 0.25 to 3 in steps of 0.25, default 1. */
export const SPEEDS = Array.from({ length: 12 }, (_, i) => (i + 1) * 0.25);
export const DEFAULT_SPEED = 1;

/** The next speed up (+1) or down (-1) from `current`, held at the ends of the list. */
export function stepSpeed(current: number, direction: 1 | -1): number {
  const index = SPEEDS.findIndex((speed) => speed >= current - 1e-9);
  const at = index === -1 ? SPEEDS.length - 1 : index;
  // A speed between two steps (set elsewhere) snaps to the neighbour in the asked direction.
  const exact = Math.abs(SPEEDS[at]! - current) < 1e-9;
  const next = direction === 1 ? (exact ? at + 1 : at) : at - 1;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, next))]!;
}
