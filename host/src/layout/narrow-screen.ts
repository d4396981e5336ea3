import { useSyncExternalStore } from 'react';
import { atom } from 'jotai';

/**
 * Below Chakra's `md` breakpoint (768 px) the console is laid out for a phone: the sidebar becomes a
 * drawer, closed by default, that closes after a choice.
 */
const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

/** Whether the navigation drawer of a narrow screen is open: never remembered, closed on each load. */
export const navDrawerOpenAtom = atom(false);
