import type { SeriesPoint, ServicesCount, ServiceViews, Traffics, UsersInteractions } from 'contracts';
import { errorMessage } from 'shared-data';
import { useInteractions } from './api/get-interactions';
import { useServicesCount } from './api/get-services-count';
import { useServicesViews } from './api/get-services-views';
import { useTraffic } from './api/get-traffic';
import { useUsersConnected } from './api/get-users-connected';
import type { StatsParams } from './api/params';

export interface DashboardStats {
  usersInteractions: UsersInteractions;
  servicesCount: ServicesCount;
  userConnected: SeriesPoint[];
  servicesViews: ServiceViews[];
  traffics: Traffics;
}

/** Nothing at all happened in the range: no visitor connected, viewed, reacted, commented or closed. */
export function isEmpty(s: DashboardStats): boolean {
  const { comment, react, close } = s.usersInteractions;
  return s.traffics.all === 0 && s.servicesCount.usersConnected === 0 && comment + react + close === 0 && s.servicesViews.every((v) => v.count === 0);
}

/**
 * The five statistics calls for one range, in parallel, through the query cache (keyed by range and
 * active website, so a quick switch of range never shows the older numbers last, and coming back to
 * a range shows it at once). The previous range's figures stay on screen while the next load.
 */
export function useDashboardStats(params: StatsParams | null, fallbackError: string) {
  const queries = [useInteractions(params), useServicesCount(params), useUsersConnected(params), useServicesViews(params), useTraffic(params)] as const;
  const [interactions, counts, connected, views, traffic] = queries;
  const failed = queries.find((q) => q.isError);
  const data: DashboardStats | null =
    interactions.data && counts.data && connected.data && views.data && traffic.data
      ? { usersInteractions: interactions.data, servicesCount: counts.data, userConnected: connected.data, servicesViews: views.data, traffics: traffic.data }
      : null;
  return {
    data: failed ? null : data,
    loading: queries.some((q) => q.isFetching),
    error: failed ? errorMessage(failed.error, fallbackError) : null,
    reload: () => queries.forEach((q) => void q.refetch()),
  };
}
