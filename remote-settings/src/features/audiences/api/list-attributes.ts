import type { Attribute, Paged } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/attributes: every people-data attribute of the website (a website has few), for the rule builder. */
export const listAudienceAttributes = () =>
  api.get<Paged<Attribute>>('/api/attributes', { params: { page: 1, pageSize: 1000, orderBy: 'createdAt', order: 'desc' } }).then((res) => res.data.docs);
