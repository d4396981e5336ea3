import { keepPreviousData } from '@tanstack/react-query';
import { getServicesCountCall } from 'contracts';
import { useCallQuery } from 'shared-data';
import type { StatsParams } from './params';

/** GET /api/count: visitors connected in the range and the number of items of each service. */
export const useServicesCount = (params: StatsParams | null) =>
  useCallQuery(getServicesCountCall, { query: params ?? undefined }, { enabled: !!params, select: (answer) => answer.data, placeholderData: keepPreviousData });
