import { keepPreviousData } from '@tanstack/react-query';
import { getInteractionsCall } from 'contracts';
import { useCallQuery } from 'shared-data';
import type { StatsParams } from './params';

/** GET /api/stats/interractions: comments, reactions and closes in the range. */
export const useInteractions = (params: StatsParams | null) =>
  useCallQuery(getInteractionsCall, { query: params ?? undefined }, { enabled: !!params, select: (answer) => answer.data, placeholderData: keepPreviousData });
