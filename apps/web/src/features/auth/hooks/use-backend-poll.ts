import { useEffect, useRef, useState } from 'react';
import { ping } from '../../session/index.ts';
import { ApiError } from '../../../lib/api-client.ts';

export const POLL_INTERVAL_MS = 1000;
/** Spec §9: the hint box shows after more than this many failed checks. */
export const FAILURES_BEFORE_HINTS = 10;
// A check that hangs (a proxy with no backend behind it) counts as failed after this long.
const CHECK_TIMEOUT_MS = 5000;

export interface BackendStatus {
  /** The last check could not reach the backend. */
  unreachable: boolean;
  failures: number;
  showHints: boolean;
}

/**
 * The login page checks the backend every second (spec §4): a pong means a session exists, so go
 * home; a 403 means the backend is up and nobody is signed in, so stop; anything else counts as
 * the backend being unreachable.
 */
export function useBackendPoll(onSignedIn: () => void): BackendStatus {
  const [failures, setFailures] = useState(0);
  const [unreachable, setUnreachable] = useState(false);
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  }, [onSignedIn]);

  useEffect(() => {
    let stopped = false;
    let next: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;

    const check = async () => {
      controller = new AbortController();
      const timeout = setTimeout(() => controller?.abort(), CHECK_TIMEOUT_MS);
      try {
        const pong = await ping(controller.signal);
        if (stopped) return;
        if (pong.response === 'pong') {
          stopped = true;
          onSignedInRef.current();
          return;
        }
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          setUnreachable(false);
          return;
        }
      } finally {
        clearTimeout(timeout);
      }
      setUnreachable(true);
      setFailures((count) => count + 1);
      next = setTimeout(() => void check(), POLL_INTERVAL_MS);
    };

    void check();
    return () => {
      stopped = true;
      clearTimeout(next);
      controller?.abort();
    };
  }, []);

  return { unreachable, failures, showHints: failures > FAILURES_BEFORE_HINTS };
}
