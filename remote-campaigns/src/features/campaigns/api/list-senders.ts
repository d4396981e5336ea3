import type { Paged, Sender } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/senders?pageSize=1000: who may author content in the organisation, for the sender filter (any member). */
export async function listSenders(): Promise<Sender[]> {
  const { data } = await api.get<Paged<Sender>>('/api/senders', { params: { page: 1, pageSize: 1000 } });
  return data.docs;
}
