/**
 * Spec section 9's console constants, in one place so the host, the remotes and shared-ui read the
 * same numbers.
 */

/** The "library notification" (a second, longer notification kind beside the 3 s toasts of section 8). */
export const LIBRARY_NOTIFICATION = {
  /** How long one stays, in milliseconds. */
  durationMs: 4500,
  /** Pixels between the screen edge and the first notification. */
  offset: 8,
  /** How many stack before the older ones collapse. */
  threshold: 3,
  /** Pixels between stacked notifications. */
  gap: 16,
} as const;

/**
 * How long the session store may take to rehydrate from storage before the console goes on
 * unauthenticated, so a stuck storage never leaves the loader overlay up forever.
 */
export const STATE_REHYDRATE_TIMEOUT_MS = 5000;
