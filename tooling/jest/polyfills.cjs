// jsdom lacks what react-router 7 and Chakra UI v3 reach for (TextEncoder, structuredClone,
// matchMedia and the observers), so their components would throw in tests and never in a browser.
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
if (typeof globalThis.structuredClone !== 'function') globalThis.structuredClone = (v) => JSON.parse(JSON.stringify(v));
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  window.ResizeObserver ??= NoopObserver;
  window.IntersectionObserver ??= NoopObserver;
  globalThis.ResizeObserver ??= NoopObserver;
  globalThis.IntersectionObserver ??= NoopObserver;
  // jsdom has no PointerEvent; Chakra's (zag) press and checkbox machines construct one.
  if (typeof window.PointerEvent !== 'function') {
    class PointerEventPolyfill extends MouseEvent {
      constructor(type, init = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    window.PointerEvent = PointerEventPolyfill;
  }
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.scrollTo ??= function scrollTo() {};
  window.scrollTo = () => {};
}
