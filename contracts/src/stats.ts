import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inWebsite } from './call';
import { msg } from './message-code';
import { KIND_COUNT_KEYS, KIND_VIEWS, type KindCountKey, type KindViewsName } from './content-kinds';

/**
 * Statistics of the dashboard: SQL aggregates over the visitor events of the
 * website in the Activewebsite header, for a range [startDate, endDate) bucketed in `timezone`.
 */

/** The longest range one call may cover: a year (and a leap day), i.e. at most 367 daily buckets. */
export const STATS_MAX_RANGE_DAYS = LIMITS.statsRangeMaxDays;
/** Up to this range the series are per hour; beyond it, per day. */
export const STATS_HOURLY_MAX_HOURS = 48;

export const STATS_RANGE_ORDER_MESSAGE = msg('validation.startDateBeforeEndDate');
export const STATS_RANGE_TOO_LONG_MESSAGE = msg('validation.rangeTooLong');
export const STATS_UNKNOWN_TIME_ZONE_MESSAGE = msg('script.unknownTimeZone');

/** An IANA zone name the runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The dashboard's ranges (last24hours by default). The client turns one into
 * startDate/endDate; the API only ever sees dates.
 */
export const STATS_RANGES = ['last24hours', 'last7days', 'last30days', 'last90days', 'custom'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = 'last24hours';
export const RANGE_HOURS: Record<Exclude<StatsRange, 'custom'>, number> = { last24hours: 24, last7days: 7 * 24, last30days: 30 * 24, last90days: 90 * 24 };

/**
 * startDate and endDate are ISO date-times. Existing clients send them on every call but /api/count and
 * /api/stats/views; those take them too and, without them, cover the last 24 hours (the default range).
 */
export const statsQuerySchema = z
  .object({
    startDate: z
      .string()
      .datetime({ offset: true, message: msg('validation.startDateInvalid') })
      .optional(),
    endDate: z
      .string()
      .datetime({ offset: true, message: msg('validation.endDateInvalid') })
      .optional(),
    timezone: z
      .string()
      .trim()
      .max(LIMITS.timeZoneMax)
      .default('UTC')
      .refine((tz) => isTimeZone(tz), STATS_UNKNOWN_TIME_ZONE_MESSAGE),
  })
  .superRefine((q, ctx) => {
    if (!q.startDate !== !q.endDate) {
      ctx.addIssue({
        code: 'custom',
        path: [q.startDate ? 'endDate' : 'startDate'],
        message: q.startDate ? msg('validation.endDateRequired') : msg('validation.startDateRequired'),
      });
      return;
    }
    if (!q.startDate || !q.endDate) return;
    const start = Date.parse(q.startDate);
    const end = Date.parse(q.endDate);
    if (start >= end) ctx.addIssue({ code: 'custom', path: ['endDate'], message: STATS_RANGE_ORDER_MESSAGE });
    else if (end - start > STATS_MAX_RANGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endDate'], message: STATS_RANGE_TOO_LONG_MESSAGE });
  });
export type StatsQuery = z.input<typeof statsQuerySchema>;

/** One point of a series: `key` is the bucket's start in the requested zone ("2026-03-01T14:00" per hour, "2026-03-01" per day). */
export const seriesPointSchema = z.object({ key: z.string(), data: z.number().int() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** usersInteractions: comments, reactions and closes in the range. */
export const usersInteractionsSchema = z.object({ comment: z.number().int(), react: z.number().int(), close: z.number().int() });
export type UsersInteractions = z.infer<typeof usersInteractionsSchema>;

/**
 * servicesCount: visitors connected in the range, and how many items of each service the website has.
 */
const kindCounts = Object.fromEntries(KIND_COUNT_KEYS.map((key) => [key, z.number().int().default(0)])) as {
  [K in KindCountKey]: z.ZodDefault<z.ZodNumber>;
};
export const servicesCountSchema = z.object({
  usersConnected: z.number().int(),
  /** Each kind's items (its descriptor's `statsCount` names the field). */
  ...kindCounts,
  /** The website's campaign e-mails sent, first opened and first clicked in the range. */
  emailsSent: z.number().int().default(0),
  emailsOpened: z.number().int().default(0),
  emailsClicked: z.number().int().default(0),
});
export type ServicesCount = z.infer<typeof servicesCountSchema>;

export const SERVICE_NAMES = KIND_VIEWS.map((v) => v.serviceName) as [KindViewsName, ...KindViewsName[]];
export type ServiceName = KindViewsName;
/** servicesViews: per service, the views in the range and their series. */
export const serviceViewsSchema = z.object({ serviceName: z.enum(SERVICE_NAMES), count: z.number().int(), data: z.array(seriesPointSchema) });
export type ServiceViews = z.infer<typeof serviceViewsSchema>;

/** traffics: distinct visitors seen in the range on the web, on mobile, and in all (one visitor on both counts once in all). */
export const trafficsSchema = z.object({ web: z.number().int(), mobile: z.number().int(), all: z.number().int() });
export type Traffics = z.infer<typeof trafficsSchema>;

export const userConnectedResponseSchema = z.object({ data: z.array(seriesPointSchema) });
export const servicesViewsResponseSchema = z.object({ data: z.array(serviceViewsSchema) });
export const servicesCountResponseSchema = z.object({ data: servicesCountSchema });
export const usersInteractionsResponseSchema = z.object({ data: usersInteractionsSchema });
export const trafficsResponseSchema = z.object({ data: trafficsSchema });

// ---------------------------------------------------------------------------------------------
// Calls. /dashboard needs no permission and the permission list names no statistics resource,
// so any signed-in member may read them, always for the website of the Activewebsite header.
// ---------------------------------------------------------------------------------------------

const statsCall = <P extends string, R extends z.ZodType>(path: P, summary: string, response: R) =>
  defineCall({ method: 'GET', path, access: inWebsite(null), summary, tag: 'statistics', query: statsQuerySchema, response, errors: [400, 401, 404] });

export const getUsersConnectedCall = statsCall(
  '/api/stats/user-connected',
  'Visitors connected per hour (ranges up to 48 h) or per day, in the requested time zone',
  userConnectedResponseSchema,
);
export const getServicesViewsCall = statsCall(
  '/api/stats/views',
  'Views of popups, banners and push notifications: totals and series',
  servicesViewsResponseSchema,
);
export const getServicesCountCall = statsCall(
  '/api/count',
  'Visitors connected in the range and the number of items of each service',
  servicesCountResponseSchema,
);
/** Spelt as existing clients call it. */
export const getInteractionsCall = statsCall('/api/stats/interractions', 'Comments, reactions and closes in the range', usersInteractionsResponseSchema);
export const getTrafficCall = statsCall('/api/stats/traffic', 'Distinct visitors on the web, on mobile and in all', trafficsResponseSchema);
