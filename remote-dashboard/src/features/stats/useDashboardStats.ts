import { useCallback, useEffect, useRef, useState } from 'react';
import type { SeriesPoint, ServicesCount, ServiceViews, Traffics, UsersInteractions } from 'contracts';
import { errorMessage, useSession } from 'shared-auth';
import { getInteractions } from './api/getInteractions';
import { getServicesCount } from './api/getServicesCount';
import { getServicesViews } from './api/getServicesViews';
import { getTraffic } from './api/getTraffic';
import { getUserConnected } from './api/getUserConnected';
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
 * The five statistics calls for one range, in parallel, reloaded when the range or the active
 * website changes. An answer that arrives after a newer request is dropped, so a quick switch of
 * range never shows the older numbers last.
 */
export function useDashboardStats(params: StatsParams | null, fallbackError: string) {
  const { activeWebsite } = useSession();
  const [state, setState] = useState<{ data: DashboardStats | null; loading: boolean; error: string | null }>({ data: null, loading: true, error: null });
  const [nonce, setNonce] = useState(0);
  const latest = useRef(0);
  const key = params ? JSON.stringify(params) : null;
  const websiteId = activeWebsite?._id;

  useEffect(() => {
    if (!key || !websiteId) return;
    const p = JSON.parse(key) as StatsParams;
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    Promise.all([getInteractions(p), getServicesCount(p), getUserConnected(p), getServicesViews(p), getTraffic(p)])
      .then(([usersInteractions, servicesCount, userConnected, servicesViews, traffics]) => {
        if (call === latest.current)
          setState({ data: { usersInteractions, servicesCount, userConnected, servicesViews, traffics }, loading: false, error: null });
      })
      .catch((err: unknown) => {
        if (call === latest.current) setState({ data: null, loading: false, error: errorMessage(err, fallbackError) });
      });
  }, [key, websiteId, nonce, fallbackError]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
