import type { Paged, Segment } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/segment: the website's saved audiences, for the targeting picker. */
export async function listSegments(): Promise<Segment[]> {
  const { data } = await api.get<Paged<Segment>>('/api/segment', { params: { page: 1, pageSize: 1000 } });
  return data.docs;
}
