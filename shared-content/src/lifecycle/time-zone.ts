/**
 * Wall-clock times in a website's time zone and the instants they name, with the runtime's own
 * time-zone database (Intl): the schedule dialog reads and writes `datetime-local` values in the
 * website's zone, while the API stores instants.
 */

const partsFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The zone's wall-clock fields at an instant, as if they were UTC (ms). */
function wallClockAsUtc(at: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** `YYYY-MM-DDTHH:mm[:ss]` read in `timeZone` → the instant (null when unreadable). */
export function zonedToInstant(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  // The zone's offset at the guessed instant, then again at the corrected one (a change of offset in between).
  let at = wall - (wallClockAsUtc(wall, timeZone) - wall);
  at = wall - (wallClockAsUtc(at, timeZone) - at);
  return new Date(at);
}

/** An instant → `YYYY-MM-DDTHH:mm:ss` on the zone's wall clock (what a `datetime-local` input shows). */
export function instantToZoned(at: Date, timeZone: string): string {
  return new Date(wallClockAsUtc(at.getTime(), timeZone)).toISOString().slice(0, 19);
}

/** An instant for people: date and time in `timeZone` (the viewer's own when omitted). */
export function formatInstant(at: string | Date, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(at));
}
