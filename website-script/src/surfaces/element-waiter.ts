/**
 * Waiting for an element of the customer's page that may appear late (rendered after data arrives,
 * behind a lazy route) or be present but hidden: a MutationObserver on the document (children and
 * attributes, whole subtree), never polling, answered as soon as the element is there AND visible,
 * or null once `timeoutMs` has passed. Its callbacks are already batched by the browser (one per
 * microtask checkpoint), so a page that mutates a lot costs one lookup per batch.
 */
import { isVisible } from '../core/element-finder';

/** The one notion of visibility, the builder's and the player's (core/element-finder.ts). */
export { isVisible };

export interface ElementWait {
  /** The element, or null when it did not appear (visible) in time or the wait was cancelled. */
  found: Promise<Element | null>;
  cancel(): void;
}

export function waitForElement(find: () => Element | null, timeoutMs: number, doc: Document = document): ElementWait {
  let done = false;
  let settle: (element: Element | null) => void = () => undefined;
  const found = new Promise<Element | null>((resolve) => (settle = resolve));
  const look = () => {
    if (done) return;
    const element = find();
    if (element && isVisible(element)) finish(element);
  };
  const observer = new MutationObserver(look);
  const timer = setTimeout(() => finish(null), timeoutMs);
  function finish(element: Element | null) {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    settle(element);
  }
  look();
  if (!done) observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, characterData: false });
  return { found, cancel: () => finish(null) };
}
