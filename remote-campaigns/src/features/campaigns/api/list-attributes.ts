import type { Attribute, Paged } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/attributes: the website's people-data attributes, which the dynamic-audience rules test. */
export async function listAttributes(): Promise<Attribute[]> {
  const { data } = await api.get<Paged<Attribute>>('/api/attributes', { params: { page: 1, pageSize: 1000 } });
  return data.docs;
}
