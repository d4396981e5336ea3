import { CORNER_ORDER, inCorner, layout } from './corner';

/** A fixed box whose horizontal extent is given (jsdom has no layout: the box reports what it is told). */
function box(left: number, width: number, height: number, bottom = 16): HTMLElement {
  const el = document.createElement('div');
  el.style.bottom = `${bottom}px`;
  el.getBoundingClientRect = () => ({ left, right: left + width, width, height, top: 0, bottom: 0, x: left, y: 0, toJSON: () => ({}) }) as DOMRect;
  document.body.append(el);
  return el;
}

afterEach(() => document.body.replaceChildren());

describe('one layout per corner', () => {
  it('lifts a box above every earlier box that shares some of its width, in the corner order, whatever came first', () => {
    const card = box(900, 360, 100);
    const releaseCard = inCorner(card, CORNER_ORDER.push);
    const launcher = box(1200, 56, 56, 20);
    const releaseLauncher = inCorner(launcher, CORNER_ORDER.messengerLauncher);
    // The launcher keeps the site's offset; the push card goes above it, its close button uncovered.
    expect(launcher.style.bottom).toBe('20px');
    expect(card.style.bottom).toBe(`${20 + 56 + 12}px`);
    // Gone, the card comes back down to its own place.
    releaseLauncher();
    expect(card.style.bottom).toBe('16px');
    releaseCard();
  });

  it('leaves a box where it is when nothing before it shares its width (the other corner of a wide screen)', () => {
    const launcher = box(20, 56, 56, 20);
    inCorner(launcher, CORNER_ORDER.messengerLauncher);
    const checklist = box(1000, 200, 300, 20);
    inCorner(checklist, CORNER_ORDER.checklist);
    expect(checklist.style.bottom).toBe('20px');
  });

  it('on a narrow screen, a launcher in the other corner lifts a card that spans the width', () => {
    const launcher = box(16, 56, 56, 20);
    inCorner(launcher, CORNER_ORDER.messengerLauncher);
    const windowBox = box(12, 366, 560, 88);
    inCorner(windowBox, CORNER_ORDER.messengerWindow);
    const celebration = box(16, 358, 150, 20);
    inCorner(celebration, CORNER_ORDER.checklist);
    expect(windowBox.style.bottom).toBe('88px');
    expect(celebration.style.bottom).toBe(`${88 + 560 + 12}px`);
    // A box that grows (the window closed: no size) lets the others down at the next layout.
    windowBox.getBoundingClientRect = () => ({ left: 0, right: 0, width: 0, height: 0 }) as DOMRect;
    layout();
    expect(celebration.style.bottom).toBe(`${20 + 56 + 12}px`);
  });
});
