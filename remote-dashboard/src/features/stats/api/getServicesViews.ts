import { api } from 'shared-auth';
import type { ServiceViews } from 'contracts';
import type { StatsParams } from './params';

/** GET /api/stats/views: views of popups, banners and push notifications (totals and series). */
export const getServicesViews = (params: StatsParams) => api.get<{ data: ServiceViews[] }>('/api/stats/views', { params }).then((res) => res.data.data);
