import type { AudienceGroup, ClientMember, Paged } from 'contracts';
import { api } from 'shared-auth';

/** POST /api/clients: the body is the dynamic audience; the query pages (spec section 7). */
export const searchClients = (audience: AudienceGroup, query: { page: number; pageSize: number; name?: string }, signal?: AbortSignal) =>
  api.post<Paged<ClientMember>>('/api/clients', audience, { params: { ...query, orderBy: 'createdAt', order: 'desc' }, signal }).then((res) => res.data);
