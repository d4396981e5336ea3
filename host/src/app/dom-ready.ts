/**
 * Resolves once the page's body is parsed and its inline scripts have run (the prerendered sign-in
 * page is put into #root by one of them). index.html inserts the bundles from <head> so they download
 * early; a cached bundle can then run before <div id="root"> exists, so both entry points wait here.
 */
export function domReady(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}
