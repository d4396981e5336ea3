import { keepPreviousData } from '@tanstack/react-query';
import { getServicesViewsCall } from 'contracts';
import { useCallQuery } from 'shared-data';
import type { StatsParams } from './params';

/** GET /api/stats/views: views of popups, banners and push notifications. */
export const useServicesViews = (params: StatsParams | null) =>
  useCallQuery(getServicesViewsCall, { query: params ?? undefined }, { enabled: !!params, select: (answer) => answer.data, placeholderData: keepPreviousData });
