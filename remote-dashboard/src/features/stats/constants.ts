import type { StatsRange } from 'contracts';

/**
 * The dashboard's copies of the statistics constants of `contracts` (stats.ts). Why copies: a value
 * imported from `contracts` brings the module that defines it, and with it zod (about 50 KB gzip,
 * not a shared singleton) into the dashboard's first screen. constants.test.ts checks that every
 * copy equals the contract's value, so they cannot drift apart.
 */
export const STATS_RANGES: readonly StatsRange[] = ['last24hours', 'last7days', 'last30days', 'last90days', 'custom'];
export const DEFAULT_STATS_RANGE: StatsRange = 'last24hours';
export const RANGE_HOURS: Record<Exclude<StatsRange, 'custom'>, number> = { last24hours: 24, last7days: 7 * 24, last30days: 30 * 24, last90days: 90 * 24 };
export const STATS_MAX_RANGE_DAYS = 366;
export const STATS_HOURLY_MAX_HOURS = 48;
