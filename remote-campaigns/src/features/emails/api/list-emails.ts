import { listEmailsCall } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

/** The list's filters, in the URL under the call's own query names (`?status=draft&page=2`). */
export const EMAIL_LIST_FILTERS = ['subject', 'status', 'sender', 'tag', 'workSpace'] as const;

/** GET /api/emails (get_email): the active website's e-mails; page, size and filters in the URL. */
export function useEmails(fallbackError: string) {
  const state = useListUrlState(EMAIL_LIST_FILTERS);
  return { state, ...useListQuery(listEmailsCall, state, { fallbackError }) };
}
