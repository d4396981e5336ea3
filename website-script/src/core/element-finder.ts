import type { TourTarget, TourTargetFallback } from 'contracts';

/**
 * Finding a tour step's element on the page: its CSS selector first, else the description the builder
 * kept when the author picked it (text, tag, position among its siblings of that tag, landmarks around
 * it), so a step survives the customer redeploying their site with other ids or class names. Shared by
 * the tour player (every visitor) and the builder (to show whether a saved step still finds its element),
 * hence in the core and free of dependencies.
 */

/** Collapsed, trimmed text. */
export const cleanText = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** What a person reads on the element: its accessible name when it has one, else its text. */
export function elementText(e: Element): string {
  const label = cleanText(e.getAttribute('aria-label'));
  if (label) return label;
  if (e instanceof HTMLInputElement && (e.type === 'submit' || e.type === 'button')) return cleanText(e.value);
  const text = cleanText(e.textContent);
  if (text) return text;
  return cleanText(e.getAttribute('title') ?? e.getAttribute('alt') ?? e.getAttribute('placeholder'));
}

/** The element's position among its parent's element children of the same tag, from 0. */
export function indexAmongSiblings(e: Element): number {
  let i = 0;
  for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === e.tagName) i++;
  return i;
}

/** Signpost's own surfaces (the builder, a step) are never a step's element. */
export function isSignpostElement(e: Element): boolean {
  for (let a: Element | null = e; a; a = a.parentElement) if (a.tagName.toLowerCase().startsWith('signpost-')) return true;
  return false;
}
const ours = isSignpostElement;

function safeAll(root: ParentNode, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector)).filter((e) => !ours(e));
  } catch {
    // A selector this browser cannot parse matches nothing here; the description may still find it.
    return [];
  }
}

/** How many elements of the page the selector matches (0 when it cannot be parsed). */
export function countMatches(selector: string, doc: Document = document): number {
  return safeAll(doc, selector).length;
}

/** Does the element sit in (or next to, for a heading) the landmark the builder noted? */
function nearLandmark(e: Element, landmark: TourTargetFallback['landmarks'][number], doc: Document): boolean {
  const text = cleanText(landmark.text).toLowerCase();
  const found = landmark.selector ? safeAll(doc, landmark.selector) : [];
  for (const l of found) {
    const heading = /^h[1-6]$/i.test(l.tagName);
    if (text && elementText(l).toLowerCase() !== text) {
      // A heading's text is its words (another section's heading matched by the same selector is not it);
      // a container's, its name (aria-label), else it has none to compare.
      if (heading) continue;
      const name = cleanText(l.getAttribute('aria-label')).toLowerCase();
      if (name && name !== text) continue;
    }
    if (l.contains(e)) return true;
    // A heading before the element, in the same section.
    if (heading && l.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) {
      if (l.parentElement?.contains(e)) return true;
    }
  }
  if (!text) return false;
  // The landmark's selector changed too: its text may still be there (a heading or a named region).
  for (let a = e.parentElement; a; a = a.parentElement) {
    const name = cleanText(a.getAttribute('aria-label')).toLowerCase();
    if (name === text) return true;
    for (const h of Array.from(a.querySelectorAll(':scope>:is(h1,h2,h3,h4,h5,h6)'))) {
      if (elementText(h).toLowerCase() === text && h.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) return true;
    }
  }
  return false;
}

/**
 * The element the description best fits, or null when nothing fits well enough. Text equal (case and
 * spaces aside) counts most, then the landmarks around it, then the tag and the position among its
 * siblings; an element with neither its text nor a landmark is never taken on its tag alone.
 */
export function findByFallback(fallback: TourTargetFallback, doc: Document = document): Element | null {
  const text = cleanText(fallback.text).toLowerCase();
  const tag = cleanText(fallback.tag).toLowerCase();
  if (!text && fallback.landmarks.length === 0) return null;
  const pool = safeAll(doc, tag && /^[a-z][a-z0-9-]*$/.test(tag) ? tag : '*');
  let best: Element | null = null;
  let bestScore = 0;
  for (const e of pool) {
    let score = 0;
    const own = elementText(e).toLowerCase();
    if (text) {
      if (own === text) score += 6;
      else if (own.length <= text.length * 2 && own.includes(text)) score += 3;
      else continue;
    }
    let near = 0;
    for (const landmark of fallback.landmarks) if (nearLandmark(e, landmark, doc)) near++;
    if (!text && near === 0) continue;
    score += near * 2;
    if (tag && e.tagName.toLowerCase() === tag) score += 1;
    if (fallback.index !== null && indexAmongSiblings(e) === fallback.index) score += 1;
    // Among equals, the innermost element (the button rather than the list item around it).
    if (score > bestScore || (score === bestScore && best !== null && (best as Element).contains(e))) {
      best = e;
      bestScore = score;
    }
  }
  return best;
}

export interface FoundElement {
  element: Element;
  /** `selector`: the selector still matches; `fallback`: found by its description (the selector is stale). */
  via: 'selector' | 'fallback';
}

/** A step's element: the first match of its selector, else the best fit of its description. */
export function findTarget(target: TourTarget, doc: Document = document): FoundElement | null {
  const [first] = safeAll(doc, target.selector);
  const text = cleanText(target.fallback?.text).toLowerCase();
  if (first && (!text || elementText(first).toLowerCase() === text)) return { element: first, via: 'selector' };
  // The selector matches an element with other words (a positional selector now pointing at a
  // neighbour): an element fitting the description wins; none, and the label simply changed.
  const element = target.fallback ? findByFallback(target.fallback, doc) : null;
  if (element) return { element, via: element === first ? 'selector' : 'fallback' };
  return first ? { element: first, via: 'selector' } : null;
}
