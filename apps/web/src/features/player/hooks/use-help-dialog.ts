import { useCallback, useEffect, useState } from 'react';

/** Spec §9: the keyboard help closes by itself after 3 s. */
export const HELP_AUTO_CLOSE_MS = 3000;

export function useHelpDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), HELP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, toggle, close: () => setOpen(false) };
}
