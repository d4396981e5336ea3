import { instantToZoned, zonedToInstant } from './time-zone';

test('a wall-clock time in a zone names the instant of that zone, across summer time', () => {
  expect(zonedToInstant('2027-01-15T10:00', 'Europe/Paris')?.toISOString()).toBe('2027-01-15T09:00:00.000Z');
  expect(zonedToInstant('2027-07-15T10:00:30', 'Europe/Paris')?.toISOString()).toBe('2027-07-15T08:00:30.000Z');
  expect(zonedToInstant('2027-07-15T10:00', 'UTC')?.toISOString()).toBe('2027-07-15T10:00:00.000Z');
  expect(zonedToInstant('2027-07-15T10:00', 'Asia/Kolkata')?.toISOString()).toBe('2027-07-15T04:30:00.000Z');
  expect(zonedToInstant('tomorrow', 'UTC')).toBeNull();
});

test('an instant reads back as the zone’s wall clock', () => {
  expect(instantToZoned(new Date('2027-07-15T08:00:30Z'), 'Europe/Paris')).toBe('2027-07-15T10:00:30');
  expect(instantToZoned(new Date('2027-01-15T23:30:00Z'), 'America/New_York')).toBe('2027-01-15T18:30:00');
});
