import { scaled, testTimeScale } from './test-time-scale.cjs';

describe('SIGNPOST_TEST_TIME_SCALE', () => {
  it('multiplies a budget by the setting', () => {
    expect(scaled(10_000, { SIGNPOST_TEST_TIME_SCALE: '2.5' })).toBe(25_000);
    expect(testTimeScale({ SIGNPOST_TEST_TIME_SCALE: '3' })).toBe(3);
  });

  it('leaves budgets as they are when unset, not a number, zero or negative', () => {
    for (const value of [undefined, '', 'fast', '0', '-2']) expect(scaled(10_000, { SIGNPOST_TEST_TIME_SCALE: value })).toBe(10_000);
  });

  it('never shortens a budget (a scale below 1 counts as 1)', () => {
    expect(scaled(10_000, { SIGNPOST_TEST_TIME_SCALE: '0.5' })).toBe(10_000);
  });
});
