import { detectDevice } from './device';

const win = (o: { mobileHint?: boolean; coarse?: boolean; width?: number }) =>
  ({
    navigator: o.mobileHint === undefined ? {} : { userAgentData: { mobile: o.mobileHint } },
    matchMedia: (q: string) => ({ matches: q === '(pointer:coarse)' && !!o.coarse }),
    innerWidth: o.width ?? 1280,
    screen: { width: o.width ?? 1280 },
  }) as unknown as Window;

describe('detectDevice', () => {
  it('trusts User-Agent Client Hints when the browser has them', () => {
    expect(detectDevice(win({ mobileHint: true, width: 1280 }))).toBe('mobile');
    expect(detectDevice(win({ mobileHint: false, coarse: true, width: 390 }))).toBe('web');
  });

  it('else: a coarse pointer on a narrow screen is mobile', () => {
    expect(detectDevice(win({ coarse: true, width: 390 }))).toBe('mobile');
    expect(detectDevice(win({ coarse: true, width: 1024 }))).toBe('web'); // a tablet in landscape
    expect(detectDevice(win({ coarse: false, width: 390 }))).toBe('web'); // a narrow desktop window
  });
});
