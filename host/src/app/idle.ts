import { useEffect, useState } from 'react';

/**
 * Calls `run` once the page is idle, or `timeout` ms later at most: work nobody waits for at start
 * (the welcome toast, the bell's count and live stream) goes after the first screen's.
 * Where requestIdleCallback is missing (Safari), after half the timeout.
 */
export function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, timeout / 2);
  return () => clearTimeout(id);
}

/** False until the page has been idle once after mount (see whenIdle), then true. */
export function useAfterIdle(timeout: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true), timeout)), [idle, timeout]);
  return idle;
}
