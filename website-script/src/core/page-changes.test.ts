import { watchPageChanges } from './page-changes';

describe('watchPageChanges', () => {
  it('reports pushState / replaceState / hash changes, and the originals still run', () => {
    const original = jest.spyOn(History.prototype, 'pushState');
    const seen: string[] = [];
    const stop = watchPageChanges(window, (href) => seen.push(href));
    history.pushState({ a: 1 }, '', '/products');
    expect(original).toHaveBeenCalledWith({ a: 1 }, '', '/products');
    expect(location.pathname).toBe('/products');
    history.replaceState(null, '', '/products'); // same address: not a change
    history.replaceState(null, '', '/pricing');
    location.hash = '#plans';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(seen).toEqual(['http://localhost/products', 'http://localhost/pricing', 'http://localhost/pricing#plans']);
    stop();
    history.pushState(null, '', '/after');
    expect(seen).toHaveLength(3);
    original.mockRestore();
  });

  it('reports popstate (back/forward)', () => {
    const onChange = jest.fn();
    history.pushState(null, '', '/one');
    const stop = watchPageChanges(window, onChange);
    history.replaceState(null, '', '/two');
    onChange.mockClear();
    // jsdom does not navigate on back(): restore the address with the unwrapped method, as the browser would.
    History.prototype.replaceState.call(history, null, '', '/one');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onChange).toHaveBeenCalledWith('http://localhost/one');
    stop();
  });
});
