import { keepPreviousData } from '@tanstack/react-query';
import { getUsersConnectedCall } from 'contracts';
import { useCallQuery } from 'shared-data';
import type { StatsParams } from './params';

/** GET /api/stats/user-connected: visitors connected per hour or per day. */
export const useUsersConnected = (params: StatsParams | null) =>
  useCallQuery(
    getUsersConnectedCall,
    { query: params ?? undefined },
    { enabled: !!params, select: (answer) => answer.data, placeholderData: keepPreviousData },
  );
