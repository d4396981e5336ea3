import { formatDate, formatNumber } from './format';

it('formats dates in the console language, not the browser’s', () => {
  const d = new Date('2026-11-21T10:00:00Z');
  expect(formatDate(d, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 21, 2026');
  expect(formatDate(d, 'fr', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('21 nov. 2026');
  expect(formatDate(d, 'ar', { dateStyle: 'medium', timeZone: 'UTC' })).toMatch(/^21.?\/11.?\/2026$/u);
  expect(formatDate('not a date', 'en')).toBe('');
  expect(formatNumber(1234.5, 'fr')).toMatch(/1\s?234,5/);
});
