// jsdom lacks constructable stylesheets (`new CSSStyleSheet()`, `replaceSync`) and
// `adoptedStyleSheets`: a stub for the tests only, the product uses the real ones.
class StubSheet {
  cssText = '';
  replaceSync(text: string) {
    this.cssText = text;
  }
  replace(text: string) {
    this.cssText = text;
    return Promise.resolve(this);
  }
}
// A test file that asks for the node environment (a prerender) has no DOM to complete.
const hasDom = typeof ShadowRoot !== 'undefined';
if (hasDom && typeof (CSSStyleSheet.prototype as { replaceSync?: unknown }).replaceSync !== 'function') {
  Object.defineProperty(globalThis, 'CSSStyleSheet', { value: StubSheet, configurable: true, writable: true });
}
for (const proto of hasDom ? [ShadowRoot.prototype, Document.prototype] : []) {
  if (!('adoptedStyleSheets' in proto)) {
    const sheets = new WeakMap<object, unknown[]>();
    Object.defineProperty(proto, 'adoptedStyleSheets', {
      configurable: true,
      get(this: object) {
        return sheets.get(this) ?? [];
      },
      set(this: object, value: unknown[]) {
        sheets.set(this, value);
      },
    });
  }
}
