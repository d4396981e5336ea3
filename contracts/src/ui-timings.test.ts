import { LIBRARY_NOTIFICATION, STATE_REHYDRATE_TIMEOUT_MS } from './index';

describe('the console constants', () => {
  it('library notification defaults: 4.5 s, offset 8, threshold 3, gap 16', () => {
    expect(LIBRARY_NOTIFICATION).toEqual({ durationMs: 4500, offset: 8, threshold: 3, gap: 16 });
  });
  it('state rehydration gives up after 5,000 ms', () => {
    expect(STATE_REHYDRATE_TIMEOUT_MS).toBe(5000);
  });
});
