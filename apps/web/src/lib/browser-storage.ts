/**
 * localStorage that never throws: storage can be disabled (private mode, quota) and a preference that
 * cannot be kept must not break playback.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // the preference just lasts for this page
  }
}

/** A stored number, or the fallback when missing or not a finite number in [min, max]. */
export function readStoredNumber(key: string, fallback: number, min: number, max: number): number {
  const raw = readStored(key);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}
