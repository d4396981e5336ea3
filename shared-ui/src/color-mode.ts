import { useSyncExternalStore } from 'react';

/** Theme mode, kept in localStorage key `theme`, default light. */
export type ColorMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();

function readStoredMode(): ColorMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

let current: ColorMode = typeof window === 'undefined' ? 'light' : readStoredMode();

/** Chakra's `_dark` condition reads the `dark` class on an ancestor; we put it on <html>. */
function applyToDocument(mode: ColorMode) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}
applyToDocument(current);

export function getColorMode(): ColorMode {
  return current;
}

export function setColorMode(mode: ColorMode) {
  current = mode;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    /* storage may be unavailable (private mode); the mode still applies to this page */
  }
  applyToDocument(mode);
  listeners.forEach((l) => l());
}

export function toggleColorMode() {
  setColorMode(current === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useColorMode() {
  const colorMode = useSyncExternalStore(subscribe, getColorMode, () => 'light' as ColorMode);
  return { colorMode, setColorMode, toggleColorMode };
}

/** Picks a value for the current mode: `useColorModeValue('white', 'gray.900')`. */
export function useColorModeValue<T>(light: T, dark: T): T {
  return useColorMode().colorMode === 'dark' ? dark : light;
}
