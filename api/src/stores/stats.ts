import { sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_KIND_LIST,
  KIND_VIEWS,
  STATS_HOURLY_MAX_HOURS,
  STATS_UNKNOWN_TIME_ZONE_MESSAGE,
  type KindCountKey,
  type SeriesPoint,
  type ServiceViews,
} from 'contracts';
import type { Db } from '../db/client';
import { badRequest } from '../lib/errors';
import { emailsStore } from './emails';

/*
 * The SQL of the dashboard's statistics, as aggregates over `visitor_events`. Every
 * query filters on (website_id, type, occurred_at) so it runs on the
 * visitor_events_website_type_time_idx index, and nothing but the aggregates leaves the database: a
 * million events cost the same memory as ten. Ranges are half-open, [start, end).
 */

/** The range asked for (ISO instants) and the zone its hours and days are counted in. */
export interface StatsRange {
  start: string;
  end: string;
  timeZone: string;
}

/** A range of one website (the active one, already checked to belong to the caller's organisation). */
interface StatsWindow extends StatsRange {
  websiteId: string;
}

/**
 * The statistics of one website: every query is bound to it, so a route cannot ask for another
 * website's events.
 */
export function statsStore(db: Db, websiteId: string) {
  const of = (range: StatsRange): StatsWindow => ({ ...range, websiteId });
  return {
    interactions: (range: StatsRange) => interactions(db, of(range)),
    traffic: (range: StatsRange) => traffic(db, of(range)),
    serviceCounts: (range: StatsRange) => serviceCounts(db, of(range)),
    usersConnectedSeries: (range: StatsRange) => usersConnectedSeries(db, of(range)),
    servicesViews: (range: StatsRange) => servicesViews(db, of(range)),
  };
}

/** Series are per hour up to 48 hours, per day beyond (a 90-day chart of 2,160 hourly points says nothing). */
export function bucketOf(w: Pick<StatsRange, 'start' | 'end'>): 'hour' | 'day' {
  return Date.parse(w.end) - Date.parse(w.start) <= STATS_HOURLY_MAX_HOURS * 3600_000 ? 'hour' : 'day';
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  try {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  } catch (err) {
    // The zone passed Intl's check but the database's zone table lacks it (the two come from
    // different tz releases): the caller's mistake to fix, not a 500.
    const e = err as { code?: string; cause?: { code?: string }; message?: string };
    if ((e.code ?? e.cause?.code) === '22023' && /time zone/i.test(String(e.message ?? '') + String((e.cause as { message?: string })?.message ?? ''))) {
      throw badRequest(STATS_UNKNOWN_TIME_ZONE_MESSAGE, { timezone: STATS_UNKNOWN_TIME_ZONE_MESSAGE });
    }
    throw err;
  }
}

const inRange = (w: StatsWindow, type: SQL) =>
  sql`website_id = ${w.websiteId} and ${type} and occurred_at >= ${w.start}::timestamptz and occurred_at < ${w.end}::timestamptz`;

/** usersInteractions: comments, reactions and closes in the range. */
async function interactions(db: Db, w: StatsWindow) {
  const [r] = await rows<{ comment: number; react: number; close: number }>(
    db,
    sql`select count(*) filter (where type = 'comment')::int as comment,
               count(*) filter (where type = 'react')::int as react,
               count(*) filter (where type = 'close')::int as close
          from visitor_events where ${inRange(w, sql`type in ('comment', 'react', 'close')`)}`,
  );
  return r;
}

/**
 * traffics: distinct visitors with a session in the range, per device, and in all. Visitors rather
 * than sessions: "traffic" on a dashboard is people, and a visitor who reloads ten times is one. A
 * visitor seen on both devices counts once in each device and once in `all`, so all ≤ web + mobile.
 */
async function traffic(db: Db, w: StatsWindow) {
  // One pass grouping by visitor (a hash aggregate) rather than three count(distinct …), each of
  // which sorts every session: about 3x faster over a million events (api/bench/stats-bench.mjs).
  const [r] = await rows<{ web: number; mobile: number; all: number }>(
    db,
    sql`select count(*) filter (where web)::int as web, count(*) filter (where mobile)::int as mobile, count(*)::int as "all"
          from (select visitor_id, bool_or(device = 'web') as web, bool_or(device = 'mobile') as mobile
                  from visitor_events where ${inRange(w, sql`type = 'session'`)} group by visitor_id) v`,
  );
  return r;
}

/**
 * servicesCount: visitors connected in the range (distinct, as `traffics.all`) and the number of
 * items of each service the website has (one scan of its `contents`).
 */
async function serviceCounts(db: Db, w: StatsWindow) {
  const [visitors] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select distinct visitor_id from visitor_events where ${inRange(w, sql`type = 'session'`)}) v`,
  );
  // One count per described kind, named as the statistics call names it (its descriptor's `statsCount`).
  const counts = CONTENT_KIND_LIST.map((k) => sql`count(*) filter (where kind = ${k.kind})::int as ${sql.identifier(k.statsCount)}`);
  const [items] = await rows<Record<KindCountKey, number>>(db, sql`select ${sql.join(counts, sql`, `)} from contents where website_id = ${w.websiteId}`);
  const emails = await emailsStore(db).websiteFigures(w.websiteId, new Date(w.start), new Date(w.end));
  return {
    usersConnected: visitors.n,
    ...items,
    emailsSent: emails.sent,
    emailsOpened: emails.opened,
    emailsClicked: emails.clicked,
  };
}

/**
 * The range's buckets, in the requested zone, as local times: generate_series over the local
 * hours or days from the one holding `start` to the one holding the last instant before `end`.
 * Events are bucketed the same way (date_trunc of their local time), so every bucket exists even
 * when empty (zero-filled), and a bucket is what a person in that zone calls "14:00" or "1 March".
 * Across a daylight-saving change, the repeated local hour holds both real hours and the skipped one is 0.
 */
function buckets(w: StatsWindow, unit: 'hour' | 'day') {
  const u = sql.raw(`'${unit}'`);
  return sql`select generate_series(
      date_trunc(${u}, ${w.start}::timestamptz at time zone ${w.timeZone}),
      date_trunc(${u}, (${w.end}::timestamptz - interval '1 microsecond') at time zone ${w.timeZone}),
      ${sql.raw(`interval '1 ${unit}'`)}) as bucket`;
}
const keyFormat = (unit: 'hour' | 'day') => sql.raw(unit === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : `'YYYY-MM-DD'`);

/** userConnected: distinct visitors with a session in each bucket (distinct pairs hashed, then counted per bucket). */
async function usersConnectedSeries(db: Db, w: StatsWindow): Promise<SeriesPoint[]> {
  const unit = bucketOf(w);
  const u = sql.raw(`'${unit}'`);
  return rows<SeriesPoint>(
    db,
    sql`with b as (${buckets(w, unit)}),
        v as (select distinct date_trunc(${u}, occurred_at at time zone ${w.timeZone}) as bucket, visitor_id
                from visitor_events where ${inRange(w, sql`type = 'session'`)}),
        c as (select bucket, count(*)::int as n from v group by bucket)
        select to_char(b.bucket, ${keyFormat(unit)}) as key, coalesce(c.n, 0)::int as data
          from b left join c on c.bucket = b.bucket order by b.bucket`,
  );
}

/** servicesViews: per service, views in the range and per bucket (every service × bucket zero-filled in SQL). */
async function servicesViews(db: Db, w: StatsWindow): Promise<ServiceViews[]> {
  const unit = bucketOf(w);
  const u = sql.raw(`'${unit}'`);
  const points = await rows<{ kind: string; key: string; data: number }>(
    db,
    sql`with b as (${buckets(w, unit)}),
        k as (select unnest(array[${sql.join(
          KIND_VIEWS.map((v) => sql`${v.kind}`),
          sql`, `,
        )}]::text[]) as kind),
        c as (select content_kind as kind, date_trunc(${u}, occurred_at at time zone ${w.timeZone}) as bucket, count(*)::int as n
                from visitor_events where ${inRange(w, sql`type = 'view'`)} group by 1, 2)
        select k.kind, to_char(b.bucket, ${keyFormat(unit)}) as key, coalesce(c.n, 0)::int as data
          from k cross join b left join c on c.kind = k.kind and c.bucket = b.bucket
         order by k.kind, b.bucket`,
  );
  return KIND_VIEWS.map(({ serviceName, kind }) => {
    const data = points.filter((p) => p.kind === kind).map((p) => ({ key: p.key, data: p.data }));
    return { serviceName, count: data.reduce((sum, p) => sum + p.data, 0), data };
  });
}
