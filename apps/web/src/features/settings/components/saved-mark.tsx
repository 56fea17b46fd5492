import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: the check mark after a save shows for 3 seconds. */
export const SAVED_MARK_MS = 3000;

/** Whether the check mark shows, and the call that shows it (again) for 3 s. */
export function useSavedMark(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flash = useCallback(() => {
    clearTimeout(timer.current);
    setShown(true);
    timer.current = setTimeout(() => setShown(false), SAVED_MARK_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [shown, flash];
}

export function SavedMark({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <span className="saved-mark" role="status" aria-label="Saved" title="Saved">
      ✓
    </span>
  );
}
