import { finder } from '@medv/finder';
import type { TourTarget, TourTargetFallback } from 'contracts';
import { cleanText, countMatches, elementText, indexAmongSiblings, isSignpostElement } from '../core/element-finder';

/**
 * The builder's element picker: a CSS selector for the element the author clicked that survives the
 * customer's next deploy, how many elements it matches now, and the description the tour player falls
 * back on when it stops matching (core/element-finder.ts).
 */

// Limits of the contracts' tour target (LIMITS.selectorMax, fallbackTextMax, fallbackLandmarksMax).
const TEXT_MAX = 200;
const LANDMARKS_MAX = 5;

/**
 * A name a build tool or a framework made, which the next build or render changes:
 *  - React `useId` (`:r1:`, `«r1»`, `radix-:R2a6:`) and anything with a colon or guillemets;
 *  - emotion (`css-1q2w3e`, `css-1q2w3e-Button`), styled-components (`sc-bdfBwQ` and its `kVkOnI`),
 *    styled-jsx (`jsx-123456`), Angular (`ng-tns-c12-3`, `_ngcontent-…`);
 *  - CSS modules (`Button_primary__3xk2a`, `button-module__primary___abc12`);
 *  - Ember (`ember5`), Vue's scoped `data-v-…`, Svelte (`svelte-1x2y3z`), Tailwind's arbitrary `w-[13px]`;
 *  - long hexadecimal or random tokens (`a3f9c2d1`, `x7Kq9Zp`, uuids) and long digit runs (`item-20231`).
 */
export function isGenerated(name: string): boolean {
  if (!name) return true;
  if (/[:«»]/.test(name)) return true;
  if (/^(css|sc|jsx|emotion|svelte|astro|ng-tns|ng-star|_ng|_nghost|_ngcontent|data-v)-/i.test(name)) return true;
  // Ember's view ids (`ember5`: another element for each visitor), Tailwind's arbitrary values (`w-[13px]`).
  if (/^ember(\d+|-view)$/i.test(name) || /\[.*\]/.test(name)) return true;
  if (/__[A-Za-z0-9-]{4,}$/.test(name) && /\d/.test(name.slice(name.lastIndexOf('__')))) return true;
  if (/_[a-z0-9]{5}$/i.test(name) && /\d/.test(name.slice(-5))) return true;
  if (/\d{3,}/.test(name)) return true;
  if (/[0-9a-f]{6,}/i.test(name) && /\d/.test(name) && /[a-f]/i.test(name.match(/[0-9a-f]{6,}/i)![0])) return true;
  // A token of letters and digits mixed (`3xk2a`, `q7Zp9K`): a hash, not a word.
  for (const token of name.split(/[-_]+/)) {
    if (token.length >= 5 && /\d/.test(token) && /[a-z]/i.test(token) && /[a-z]\d|\d[a-z]/i.test(token.replace(/^\D+(?=\d+$)/, ''))) return true;
    // styled-components' random class (`bdfBwQ`, `iVXCSc`): short, letters only, capitals in odd places.
    if (/^[a-zA-Z]{5,7}$/.test(token) && (token.match(/[A-Z]/g)?.length ?? 0) >= 2 && /[A-Z]{2}|[A-Z]$|[a-z][A-Z][a-z][A-Z]/.test(token)) {
      return true;
    }
  }
  return false;
}

/** Attributes a person or a test suite chose, in the order the picker prefers them. */
const PREFERRED_ATTRS = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa', 'data-tour', 'name', 'aria-label', 'role'];
const DATA_ATTR_NOISE = /^data-(v-|reactid|react|styled|emotion|sentry|rr-|gtm|signpost)/;

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A value of an attribute we may put in a selector: chosen by a person, short, not generated. */
const stableValue = (value: string) => value.length > 0 && value.length <= 80 && !/[\n\r]/.test(value) && !isGenerated(value.replace(/\s+/g, '-'));

function stableAttr(name: string, value: string): boolean {
  if (name === 'id' || name === 'class' || name === 'style') return false;
  if (PREFERRED_ATTRS.includes(name)) return stableValue(value);
  if (name.startsWith('data-') && !DATA_ATTR_NOISE.test(name)) return stableValue(value);
  return (name === 'type' || name === 'href' || name === 'for' || name === 'alt' || name === 'placeholder') && stableValue(value);
}

/** Candidates on the element itself, best first: a unique one wins before walking up its ancestors. */
function ownCandidates(e: Element): string[] {
  const tag = e.tagName.toLowerCase();
  const out: string[] = [];
  const id = e.getAttribute('id');
  if (id && !isGenerated(id)) out.push(`#${CSS.escape(id)}`);
  const attrs = Array.from(e.attributes).filter((a) => stableAttr(a.name, a.value));
  const rank = (name: string) => {
    const i = PREFERRED_ATTRS.indexOf(name);
    return i >= 0 ? i : name.startsWith('data-') ? 5.5 : PREFERRED_ATTRS.length;
  };
  attrs.sort((a, b) => rank(a.name) - rank(b.name));
  for (const a of attrs) {
    const one = `[${CSS.escape(a.name)}=${quote(a.value)}]`;
    out.push(a.name.startsWith('data-') ? one : `${tag}${one}`);
  }
  // Two attributes together (a `role` with its `aria-label`, a `name` with its `type`).
  for (let i = 0; i < attrs.length; i++) {
    for (let j = i + 1; j < attrs.length; j++) {
      out.push(`${tag}[${CSS.escape(attrs[i].name)}=${quote(attrs[i].value)}][${CSS.escape(attrs[j].name)}=${quote(attrs[j].value)}]`);
    }
  }
  return out;
}

/** A stable selector for the element: unique on the page when one can be found without generated names. */
export function proposeSelector(e: Element, doc: Document = e.ownerDocument): string {
  for (const candidate of ownCandidates(e)) if (countMatches(candidate, doc) === 1) return candidate;
  try {
    return finder(e, {
      root: doc.body,
      idName: (name) => !isGenerated(name),
      className: (name) => !isGenerated(name) && /^[a-zA-Z_-][\w-]*$/.test(name),
      tagName: () => true,
      attr: stableAttr,
      seedMinLength: 1,
      optimizedMinLength: 2,
      timeoutMs: 300,
    });
  } catch {
    // Nothing unique within the time allowed: the element's path by position, which the description backs up.
    const parts: string[] = [];
    for (let a: Element | null = e; a && a !== doc.body && a !== doc.documentElement; a = a.parentElement) {
      parts.unshift(`${a.tagName.toLowerCase()}:nth-of-type(${indexAmongSiblings(a) + 1})`);
    }
    return ['body', ...parts].join(' > ');
  }
}

const LANDMARK_SELECTOR =
  'nav,main,header,footer,aside,form,section[aria-label],section[aria-labelledby],[role=navigation],[role=main],[role=banner],[role=contentinfo],[role=complementary],[role=region],[role=dialog],[role=tabpanel],[role=form],[role=search]';

/** The heading just before the element within its nearest sectioning ancestor. */
function headingBefore(e: Element): Element | null {
  for (let a = e.parentElement; a; a = a.parentElement) {
    const headings = Array.from(a.querySelectorAll('h1,h2,h3,h4,h5,h6')).filter(
      (h) => !h.contains(e) && h.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    if (headings.length > 0) return headings[headings.length - 1];
  }
  return null;
}

/**
 * Text that is the same for every visitor, or '' : words with a number in them are a count, an amount, a
 * date or an id ("2 items left", "Order no. 1042"), and an address is someone's; stored, they would match
 * nothing for the next visitor (or the wrong element), and would keep the author's data in the tour.
 */
export function sharedText(text: string): string {
  return /\d|@/.test(text) ? '' : text.slice(0, TEXT_MAX);
}

/** What the tour player needs to find the element again when its selector matches nothing. */
export function describeElement(e: Element): TourTargetFallback {
  const landmarks: TourTargetFallback['landmarks'] = [];
  const heading = headingBefore(e);
  if (heading) landmarks.push({ selector: proposeSelector(heading), text: sharedText(elementText(heading)) });
  for (let a = e.parentElement?.closest(LANDMARK_SELECTOR); a && landmarks.length < LANDMARKS_MAX; a = a.parentElement?.closest(LANDMARK_SELECTOR)) {
    landmarks.push({ selector: proposeSelector(a), text: sharedText(cleanText(a.getAttribute('aria-label'))) });
  }
  return {
    text: sharedText(elementText(e)),
    tag: e.tagName.toLowerCase(),
    index: indexAmongSiblings(e),
    landmarks,
  };
}

export interface Pick {
  target: TourTarget;
  /** How many elements of the page the selector matches now (1 is what the author wants to see). */
  matches: number;
}

/** Everything the builder keeps of a picked element. */
export function pick(e: Element): Pick {
  const selector = proposeSelector(e);
  return { target: { selector, fallback: describeElement(e) }, matches: countMatches(selector, e.ownerDocument) };
}

/** The element under the pointer the author means: never the builder's own UI. */
export function pickable(node: EventTarget | null): Element | null {
  if (!(node instanceof Element) || isSignpostElement(node)) return null;
  if (node === node.ownerDocument.body || node === node.ownerDocument.documentElement) return null;
  return node;
}
