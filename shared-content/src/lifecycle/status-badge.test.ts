import { scheduledAndLive } from './StatusBadge';

const at = (iso: string) => Date.parse(iso);

describe('scheduledAndLive', () => {
  const start = '2030-01-01T10:00:00.000Z';
  const end = '2030-01-02T10:00:00.000Z';

  test('a scheduled item is live from its start until its end', () => {
    expect(scheduledAndLive('scheduled', start, end, at('2030-01-01T09:59:59.000Z'))).toBe(false);
    expect(scheduledAndLive('scheduled', start, end, at(start))).toBe(true);
    expect(scheduledAndLive('scheduled', start, end, at('2030-01-01T18:00:00.000Z'))).toBe(true);
    expect(scheduledAndLive('scheduled', start, end, at(end))).toBe(false);
  });

  test('with no end it stays live once started; other statuses are never "scheduled and live"', () => {
    expect(scheduledAndLive('scheduled', start, null, at('2031-01-01T00:00:00.000Z'))).toBe(true);
    expect(scheduledAndLive('public', start, null, at('2031-01-01T00:00:00.000Z'))).toBe(false);
    expect(scheduledAndLive('cancelled', start, null, at('2031-01-01T00:00:00.000Z'))).toBe(false);
  });
});
