import { LIBRARY_NOTIFICATION, STATE_REHYDRATE_TIMEOUT_MS, TOAST_DURATION_MS } from './index';

describe('spec section 9 console constants', () => {
  it('library notification defaults: 4.5 s, offset 8, threshold 3, gap 16', () => {
    expect(LIBRARY_NOTIFICATION).toEqual({ durationMs: 4500, offset: 8, threshold: 3, gap: 16 });
  });
  it('toasts last 3 s, shorter than a library notification', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOAST_DURATION_MS).toBeLessThan(LIBRARY_NOTIFICATION.durationMs);
  });
  it('state rehydration gives up after 5,000 ms', () => {
    expect(STATE_REHYDRATE_TIMEOUT_MS).toBe(5000);
  });
});
