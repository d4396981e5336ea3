/**
 * The console's constants (time-outs, page sizes, notification durations), in one place so the host, the remotes and shared-ui read the
 * same numbers.
 */

/** The "library notification" (a second, longer notification kind beside the 3 s toasts). */
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
 * How long the session restore may take before the loader overlay says it is slow. The restore goes
 * on waiting (and retries what got no answer): only the server's refusal of the session signs out.
 */
export const STATE_REHYDRATE_TIMEOUT_MS = 5000;
