import { yieldToMain } from '../core/schedule';

/**
 * Resolves the fonts a surface is about to show, one font per task, by measuring its text on an
 * offscreen canvas (same thread, same font cache as the page). The browser's first use of a font
 * family, size and weight asks the system for it (font matching, render style: synchronous calls
 * to the browser process); done inside the surface's first layout, that took most of a 50-80 ms
 * frame at 4x slowdown. Answers null, doing nothing, without OffscreenCanvas.
 */
export function warmFonts(fonts: { font: string; text: string }[]): Promise<void> | null {
  if (typeof OffscreenCanvas !== 'function') return null;
  const context = new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return null;
  return (async () => {
    for (const { font, text } of fonts) {
      if (!text) continue;
      // First a turn for the page: the caller has just built the surface in this task.
      await yieldToMain();
      context.font = font;
      // The text itself: its characters pick the fallback fonts (Arabic, emojis) too.
      context.measureText(text.slice(0, 300));
    }
    await yieldToMain();
  })();
}
