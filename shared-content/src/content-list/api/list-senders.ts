import { LIMITS, listSendersCall, type Sender } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/senders?pageSize=1000: who may author content in the organisation, for the sender filter (any member). */
export async function listSenders(): Promise<Sender[]> {
  const { docs } = await callApi(listSendersCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } });
  return docs;
}
