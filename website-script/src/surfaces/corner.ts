/**
 * One layout for everything the script keeps at the bottom of the window (the messenger's launcher and
 * window, the checklist's launcher, panel and celebration, the push cards, a tour's Restart button).
 * Each surface has its own shadow root and CSS places it at its own distance from the bottom edge;
 * alone, two of them in the same corner cover each other (the launcher over a push card's close
 * button). Here they are laid out together, in a fixed order from the edge up: a box is lifted above
 * every box before it that shares some of its width, so on a narrow screen (390 px, where the cards
 * span nearly the whole width) a launcher in the other corner lifts them too, and the direction of
 * the page (which corner `inset-inline-end` means) needs no rule of its own: only the boxes' real
 * positions count.
 */

/** From the bottom edge up: what is placed first stays where its own CSS puts it. */
export const CORNER_ORDER = { messengerLauncher: 0, messengerWindow: 1, checklist: 2, restart: 3, push: 4 } as const;

/** Space between two boxes stacked in a corner (px). */
const GAP = 12;

interface Entry {
  box: HTMLElement;
  order: number;
  /** Its distance from the bottom edge before any lift (its own CSS, or the site's configured offset). */
  base: number;
  seq: number;
}

const entries: Entry[] = [];
let seq = 0;
let resizes: ResizeObserver | null = null;
let listening = false;
let frame = 0;

const schedule = () => {
  if (!frame) frame = requestAnimationFrame(layout);
};

/**
 * Keeps `box` (a fixed-position element at the bottom of the window) in the shared layout until the
 * answered function is called. Boxes of the same order keep the order they came in (push cards: the
 * oldest nearest the edge).
 */
export function inCorner(box: HTMLElement, order: number): () => void {
  // An offset set on the element itself (the messenger's, from the site's settings) is read even before
  // its host is in the page; CSS offsets once it is.
  const base = parseFloat(box.style.bottom) || parseFloat(getComputedStyle(box).bottom) || 0;
  const entry: Entry = { box, order, base, seq: seq++ };
  entries.push(entry);
  entries.sort((a, b) => a.order - b.order || a.seq - b.seq);
  if (!listening) {
    listening = true;
    // Without ResizeObserver (an old browser) boxes are laid out when one comes or goes, and on resize.
    if (typeof ResizeObserver === 'function') resizes = new ResizeObserver(schedule);
    addEventListener('resize', schedule);
  }
  resizes?.observe(box);
  layout();
  return () => {
    const at = entries.indexOf(entry);
    if (at < 0) return;
    entries.splice(at, 1);
    resizes?.unobserve(box);
    layout();
  };
}

/** Places every box now (also after a box changed size or the window did). */
export function layout() {
  cancelAnimationFrame(frame);
  frame = 0;
  const placed: { left: number; right: number; top: number }[] = [];
  for (const { box, base } of entries) {
    if (!box.isConnected) continue;
    const r = box.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let bottom = base;
    for (const p of placed) if (r.left < p.right && r.right > p.left) bottom = Math.max(bottom, p.top + GAP);
    box.style.bottom = `${bottom}px`;
    placed.push({ left: r.left, right: r.right, top: bottom + r.height });
  }
}
