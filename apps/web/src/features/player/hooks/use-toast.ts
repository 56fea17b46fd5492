import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a speed or seek toast shows for 500 ms. */
export const TOAST_MS = 500;

/** One short message at a time; a new one replaces the old and restarts the timer. */
export function useToast() {
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((text: string, durationMs = TOAST_MS) => {
    clearTimeout(timer.current);
    setMessage((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
    timer.current = setTimeout(() => setMessage(null), durationMs);
  }, []);

  return { message, show };
}
