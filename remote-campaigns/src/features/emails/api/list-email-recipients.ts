import { listEmailRecipientsCall } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

/** GET /api/emails/{id}/recipients (get_email): who the e-mail went to and what each did; page in the URL. */
export function useEmailRecipients(id: string, fallbackError: string) {
  const state = useListUrlState(['status'] as const);
  return { state, ...useListQuery(listEmailRecipientsCall, state, { params: { id }, fallbackError }) };
}
