import type { StatsRange } from 'contracts';
import { RANGE_HOURS, STATS_MAX_RANGE_DAYS } from './constants';

/** The selector's value: a preset, or custom with two calendar days (YYYY-MM-DD, inclusive). */
export interface RangeSelection {
  range: StatsRange;
  from?: string;
  to?: string;
}

export type RangeProblem = 'missing' | 'order' | 'tooLong';
export type ResolvedRange = { startDate: string; endDate: string } | { problem: RangeProblem };

/** Local midnight of a YYYY-MM-DD day in the browser's zone (the zone the series are bucketed in). */
function localMidnight(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/**
 * The dates the calls take. A preset ends now; a custom range runs from the first day's local
 * midnight to the midnight after the last day, so "1 to 7 March" means seven whole days.
 */
export function resolveRange(selection: RangeSelection, now: Date = new Date()): ResolvedRange {
  if (selection.range !== 'custom') {
    const start = new Date(now.getTime() - RANGE_HOURS[selection.range] * 3600_000);
    return { startDate: start.toISOString(), endDate: now.toISOString() };
  }
  const from = selection.from ? localMidnight(selection.from) : null;
  const last = selection.to ? localMidnight(selection.to) : null;
  if (!from || !last) return { problem: 'missing' };
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  if (from >= end) return { problem: 'order' };
  if (end.getTime() - from.getTime() > STATS_MAX_RANGE_DAYS * 86_400_000) return { problem: 'tooLong' };
  return { startDate: from.toISOString(), endDate: end.toISOString() };
}

/**
 * The browser's IANA zone: the API buckets hours and days where the reader lives. Read once: making
 * an Intl.DateTimeFormat loads locale data, and the statistics ask on every render.
 */
let timeZone: string | undefined;
export function browserTimeZone(): string {
  if (timeZone === undefined) {
    try {
      timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      timeZone = 'UTC';
    }
  }
  return timeZone;
}

/** One formatter per language and bucket size, not one per label (a chart has up to 48 labels). */
const labelFormats = new Map<string, Intl.DateTimeFormat>();
function labelFormat(lng: string, hourly: boolean): Intl.DateTimeFormat {
  const key = `${lng}|${hourly ? 'h' : 'd'}`;
  let format = labelFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = hourly
      ? { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' };
    format = new Intl.DateTimeFormat(lng, options);
    labelFormats.set(key, format);
  }
  return format;
}

/** A bucket key ("2026-03-01T14:00" or "2026-03-01") as a short label in the console's language. */
export function bucketLabel(key: string, lng: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):00)?$/.exec(key);
  if (!m) return key;
  // The key is already local wall-clock time: format it in UTC so no zone shifts it again.
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0)));
  return labelFormat(lng, m[4] !== undefined).format(at);
}
