import type { StatsQuery } from 'contracts';

/** What every statistics call takes: the range and the browser's time zone, which buckets the series. */
export type StatsParams = Required<Pick<StatsQuery, 'startDate' | 'endDate'>> & { timezone: string };
