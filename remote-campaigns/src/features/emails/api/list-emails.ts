import { listEmailsCall } from 'contracts';
import { useListQuery } from 'shared-data';
import { useListCallState } from 'shared-content';

/** GET /api/emails (get_email): the active website's e-mails; page, size and filters in the URL. */
export function useEmails(fallbackError: string) {
  const state = useListCallState(listEmailsCall);
  return { state, ...useListQuery(listEmailsCall, state, { fallbackError }) };
}
