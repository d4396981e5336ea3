import { keepPreviousData } from '@tanstack/react-query';
import { getTrafficCall } from 'contracts';
import { useCallQuery } from 'shared-data';
import type { StatsParams } from './params';

/** GET /api/stats/traffic: distinct visitors on the web, on mobile and in all. */
export const useTraffic = (params: StatsParams | null) =>
  useCallQuery(getTrafficCall, { query: params ?? undefined }, { enabled: !!params, select: (answer) => answer.data, placeholderData: keepPreviousData });
