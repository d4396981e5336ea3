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
  const by = (e.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => (id ? e.ownerDocument.getElementById(id) : null));
  const named = cleanText(by.map((l) => l?.textContent ?? '').join(' '));
  if (named) return named;
  if (e instanceof HTMLInputElement && (e.type === 'submit' || e.type === 'button')) return cleanText(e.value);
  // A form control is named by its label (a checkbox has no text of its own).
  const labels = (e as HTMLInputElement).labels;
  if (labels?.length && !(e instanceof HTMLButtonElement)) return cleanText(labels[0].textContent);
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
 * The element the description fits, or null when the evidence is not enough to be sure. Its words
 * (text or accessible name) must be there: equal (case and spaces aside) counts most, contained less;
 * then the landmarks around it, the tag and the position among its siblings. A tag, a position and a
 * heading nearby are never enough alone (a page has many inputs under its heading), and two elements
 * fitting equally well are a guess: null, so the step waits for its own element rather than being
 * drawn on another one.
 */
export function findByFallback(fallback: TourTargetFallback, doc: Document = document): Element | null {
  const text = cleanText(fallback.text).toLowerCase();
  const tag = cleanText(fallback.tag).toLowerCase();
  if (!text) return null;
  const pool = safeAll(doc, tag && /^[a-z][a-z0-9-]*$/.test(tag) ? tag : '*');
  let best: Element[] = [];
  let bestScore = 0;
  for (const e of pool) {
    let score = 0;
    const own = elementText(e).toLowerCase();
    if (own === text) score += 6;
    else if (own.length <= text.length * 2 && own.includes(text)) score += 3;
    else continue;
    for (const landmark of fallback.landmarks) if (nearLandmark(e, landmark, doc)) score += 2;
    if (tag && e.tagName.toLowerCase() === tag) score += 1;
    if (fallback.index !== null && indexAmongSiblings(e) === fallback.index) score += 1;
    if (score > bestScore) [best, bestScore] = [[e], score];
    else if (score === bestScore) best.push(e);
  }
  // Among equals, the innermost element (the button rather than the list item around it).
  const innermost = best.filter((e) => !best.some((other) => other !== e && e.contains(other)));
  return innermost.length === 1 ? innermost[0] : null;
}

/** Whether the visitor can see the element: rendered (no display:none, visibility:hidden, opacity 0 up the tree) and of some size. */
export function isVisible(element: Element): boolean {
  const check = (element as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility;
  if (typeof check === 'function') {
    if (!check.call(element, { checkOpacity: true, checkVisibilityCSS: true })) return false;
  } else {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
    }
  }
  const box = element.getBoundingClientRect();
  return box.width > 0 || box.height > 0;
}

/** Visible and not reduced to nothing: a 1 px box or one clipped away is what a screen reader sees, not a person. */
function isSeen(element: Element): boolean {
  if (!isVisible(element)) return false;
  const box = element.getBoundingClientRect();
  if (box.width <= 1 || box.height <= 1) return false;
  const style = getComputedStyle(element);
  return !/^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(style.clip ?? '') && !/^inset\(50%\)$/.test(style.clipPath ?? '');
}

const CONTROL = 'input,select,textarea,button,[role=checkbox],[role=radio],[role=switch],[role=button],[role=tab],[role=option],[role=menuitem]';

/**
 * What the visitor sees of the element: itself when it shows; for a control the page hides to draw its
 * own (a custom checkbox at opacity 0, a clipped or 1 px input, a display:none radio behind its styled
 * label), its visible label, else the nearest visible box around it, which receives its clicks; null
 * when nothing of it shows (the step waits).
 */
export function shownAs(element: Element): Element | null {
  if (isSeen(element)) return element;
  if (!element.matches(CONTROL)) return null;
  const labels = (element as HTMLInputElement).labels;
  for (const label of labels ? Array.from(labels) : []) if (isSeen(label)) return label;
  // A control laid out but not seen takes the clicks of the box it sits in; one not laid out at all
  // (display:none, visibility:hidden, itself or around it) is hidden for real: only a label stands in.
  const hidden = (e: Element) => {
    const style = getComputedStyle(e);
    return style.display === 'none' || style.visibility === 'hidden';
  };
  if (hidden(element)) return null;
  for (let a = element.parentElement; a && a !== element.ownerDocument.body; a = a.parentElement) {
    if (hidden(a)) return null;
    if (isSeen(a)) return a;
  }
  return null;
}

/** A step's element as the visitor sees it: the element found (`element`) and the box that shows it (`shown`). */
export function locate(target: TourTarget, doc: Document = document): (FoundElement & { shown: Element }) | null {
  const found = findTarget(target, doc);
  const shown = found && shownAs(found.element);
  return found && shown ? { ...found, shown } : null;
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
