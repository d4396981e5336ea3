import { domReady } from './dom-ready';

test('resolves at once when the body is parsed, and waits for DOMContentLoaded while it is not', async () => {
  await expect(domReady()).resolves.toBeUndefined();
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  let done = false;
  const ready = domReady().then(() => (done = true));
  await Promise.resolve();
  expect(done).toBe(false);
  document.dispatchEvent(new Event('DOMContentLoaded'));
  await ready;
  expect(done).toBe(true);
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
});
