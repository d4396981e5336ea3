import { useCallback, useEffect, useState } from 'react';

/**
 * A wait counted down to the second: `start(seconds)` begins it, `seconds` is what is left (0 when
 * none). Each tick reads the clock, so a throttled background tab is right again once shown.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void; stop: () => void } {
  const [wait, setWait] = useState<{ until: number; seconds: number } | null>(null);
  useEffect(() => {
    if (!wait || wait.seconds === 0) return;
    // Fires when the shown number must change: at the next whole second before `until`.
    const timer = setTimeout(
      () => {
        setWait({ until: wait.until, seconds: Math.max(0, Math.ceil((wait.until - Date.now()) / 1000)) });
      },
      (wait.until - Date.now()) % 1000 || 1000,
    );
    return () => clearTimeout(timer);
  }, [wait]);
  const start = useCallback((seconds: number) => setWait({ until: Date.now() + seconds * 1000, seconds }), []);
  const stop = useCallback(() => setWait(null), []);
  return { seconds: wait?.seconds ?? 0, start, stop };
}
