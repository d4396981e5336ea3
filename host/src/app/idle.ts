import { useEffect, useState } from 'react';

/**
 * Calls `run` once the page is idle, or `timeout` ms later at most. Where requestIdleCallback is
 * missing (Safari), after half the timeout. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, timeout / 2);
  return () => clearTimeout(id);
}

/** What a screen shows while it loads: its busy regions and skeletons (the e2e tests' "settled" too). */
const LOADING = '[aria-busy="true"], .chakra-skeleton, [data-scope="skeleton"]';

/**
 * Calls `run` once the screen has drawn what it loads (nothing busy, no skeleton) and the page is
 * idle, or after `limit` ms in any case. Work nobody waits for at start (the welcome toast, the
 * bell's count and live stream) goes after the first screen's: an idle moment alone comes too early,
 * while the console waits for the network between two steps of its start.
 */
export function whenSettled(run: () => void, limit: number): () => void {
  const started = Date.now();
  let cancel = () => {};
  const check = () => {
    if (!document.querySelector(LOADING) || Date.now() - started >= limit) run();
    else cancel = whenIdle(check, 500);
  };
  cancel = whenIdle(check, 500);
  return () => cancel();
}

/** False until the screen has settled once after mount (see whenSettled), then true. */
export function useAfterSettled(limit: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => (settled ? undefined : whenSettled(() => setSettled(true), limit)), [settled, limit]);
  return settled;
}
