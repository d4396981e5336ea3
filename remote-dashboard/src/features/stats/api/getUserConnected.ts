import { api } from 'shared-auth';
import type { SeriesPoint } from 'contracts';
import type { StatsParams } from './params';

/** GET /api/stats/user-connected (startDate, endDate, timezone): visitors per hour (≤ 48 h) or per day. */
export const getUserConnected = (params: StatsParams) => api.get<{ data: SeriesPoint[] }>('/api/stats/user-connected', { params }).then((res) => res.data.data);
