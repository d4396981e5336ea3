export type Device = 'web' | 'mobile';

interface UserAgentData {
  mobile?: boolean;
}

/** Below this width a touch-first screen counts as a phone (tablets in landscape count as web). */
const MOBILE_MAX_WIDTH = 768;

/**
 * The device the server targets on: User-Agent Client Hints when the browser has them (Chromium),
 * else a coarse pointer on a narrow screen.
 */
export function detectDevice(win: Window = window): Device {
  const hints = (win.navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  if (hints && typeof hints.mobile === 'boolean') return hints.mobile ? 'mobile' : 'web';
  const coarse = typeof win.matchMedia === 'function' && win.matchMedia('(pointer:coarse)').matches;
  const width = Math.min(win.innerWidth || Infinity, win.screen?.width || Infinity);
  return coarse && width < MOBILE_MAX_WIDTH ? 'mobile' : 'web';
}
