import { tourItem } from '../../test/fixtures';
import { tourPlays } from './tours';

const HOME = 'https://shop.example/';
const PRICING = 'https://shop.example/pricing';

describe('whether a tour plays on this page, from the visitor’s progress', () => {
  it('starts by itself on its first step’s page, or on insertable_url when it has one', () => {
    expect(tourPlays(tourItem(), null, HOME, 'v1')).toBe(true);
    expect(tourPlays(tourItem(), null, PRICING, 'v1')).toBe(false);
    expect(tourPlays(tourItem({ insertable_url: '/pricing' }), null, PRICING, 'v1')).toBe(true);
    expect(tourPlays(tourItem({ insertable_url: '/pricing' }), null, HOME, 'v1')).toBe(false);
    expect(tourPlays(tourItem({ steps: [] }), null, HOME, 'v1')).toBe(false);
  });

  it('resumes a tour under way on any page (its surface waits for its step’s page)', () => {
    expect(tourPlays(tourItem(), { step: 1, status: 'active' }, PRICING, 'v1')).toBe(true);
  });

  it('once: finished or left, never again unless restartable, and then on a later visit only', () => {
    for (const status of ['done', 'dismissed'] as const) {
      expect(tourPlays(tourItem(), { step: 0, status, visit: 'v1' }, HOME, 'v2')).toBe(false);
      expect(tourPlays(tourItem({ restartable: true }), { step: 0, status, visit: 'v1' }, HOME, 'v1')).toBe(false);
      expect(tourPlays(tourItem({ restartable: true }), { step: 0, status, visit: 'v1' }, HOME, 'v2')).toBe(true);
    }
  });

  it('a snoozed tour comes back on the next visit, not in this one', () => {
    expect(tourPlays(tourItem(), { step: 1, status: 'snoozed', visit: 'v1' }, PRICING, 'v1')).toBe(false);
    expect(tourPlays(tourItem(), { step: 1, status: 'snoozed', visit: 'v1' }, PRICING, 'v2')).toBe(true);
  });
});
