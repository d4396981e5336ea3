import { api } from 'shared-auth';
import type { UsersInteractions } from 'contracts';
import type { StatsParams } from './params';

/** GET /api/stats/interractions (spelt as the spec spells it): comments, reactions and closes. */
export const getInteractions = (params: StatsParams) =>
  api.get<{ data: UsersInteractions }>('/api/stats/interractions', { params }).then((res) => res.data.data);
