import { api } from 'shared-auth';
import type { ServicesCount } from 'contracts';
import type { StatsParams } from './params';

/** GET /api/count: visitors connected in the range and the number of items of each service. */
export const getServicesCount = (params: StatsParams) => api.get<{ data: ServicesCount }>('/api/count', { params }).then((res) => res.data.data);
