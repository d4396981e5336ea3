import type { Paged, Sender } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/admin/senders?pageSize=1000: who may author content, for the sender filter (only if allowed). */
export async function listSenders(): Promise<Sender[]> {
  const { data } = await api.get<Paged<Sender>>('/api/admin/senders', { params: { page: 1, pageSize: 1000 } });
  return data.docs;
}
