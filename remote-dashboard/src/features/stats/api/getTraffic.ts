import { api } from 'shared-auth';
import type { Traffics } from 'contracts';
import type { StatsParams } from './params';

/** GET /api/stats/traffic: distinct visitors on the web, on mobile and in all. */
export const getTraffic = (params: StatsParams) => api.get<{ data: Traffics }>('/api/stats/traffic', { params }).then((res) => res.data.data);
