/**
 * Small steps instead of one long task (the script adds no task over 50 ms to the page,
 * measured at 4x CPU slowdown). The boot and a surface's mount give the page's own work (input,
 * rendering) a turn between their steps.
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (the continuation runs before
 * other queued work of the same priority), else a MessageChannel message (not clamped like nested
 * `setTimeout(0)`), else `setTimeout`.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'function') {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else setTimeout(resolve, 0);
  });
}

/**
 * Runs `callback` in a task after the next frame has been rendered, so work that reads styles or
 * layout (focus, focus-trap's visibility checks) finds them computed instead of forcing them. Without
 * animation frames (a hidden tab) it waits until the page is shown. Answers a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) void yieldToMain().then(() => !cancelled && callback());
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 0);
  return () => {
    cancelled = true;
  };
}
