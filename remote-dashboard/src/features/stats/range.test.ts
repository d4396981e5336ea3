import { bucketLabel, resolveRange } from './range';

describe('resolveRange', () => {
  const now = new Date('2026-03-15T12:00:00.000Z');
  test('presets end now and go back their length', () => {
    expect(resolveRange({ range: 'last24hours' }, now)).toEqual({ startDate: '2026-03-14T12:00:00.000Z', endDate: now.toISOString() });
    expect(resolveRange({ range: 'last90days' }, now)).toEqual({ startDate: '2025-12-15T12:00:00.000Z', endDate: now.toISOString() });
  });
  test('a custom range covers whole local days, both ends included', () => {
    expect(resolveRange({ range: 'custom', from: '2026-03-01', to: '2026-03-01' })).toEqual({
      startDate: new Date(2026, 2, 1).toISOString(),
      endDate: new Date(2026, 2, 2).toISOString(),
    });
  });
  test('a custom range needs both days, in order, at most 366 days apart', () => {
    expect(resolveRange({ range: 'custom', from: '2026-03-01' })).toEqual({ problem: 'missing' });
    expect(resolveRange({ range: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual({ problem: 'order' });
    expect(resolveRange({ range: 'custom', from: '2025-01-01', to: '2026-03-01' })).toEqual({ problem: 'tooLong' });
    expect('problem' in resolveRange({ range: 'custom', from: '2025-03-02', to: '2026-03-01' })).toBe(false);
  });
});

describe('bucketLabel', () => {
  test('keeps the wall-clock time of the key, in the language asked', () => {
    expect(bucketLabel('2026-03-01T14:00', 'en-GB')).toBe('14:00');
    expect(bucketLabel('2026-03-01', 'en')).toBe('Mar 1');
    expect(bucketLabel('2026-03-01', 'fr')).toBe('1 mars');
    expect(bucketLabel('2026-03-01', 'ar')).not.toBe('2026-03-01');
    expect(bucketLabel('garbage', 'en')).toBe('garbage');
  });
});
