import { listInvitationsCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type InvitationRow = CallAnswer<typeof listInvitationsCall>['docs'][number];

const FILTERS = ['search'] as const;

/** GET /api/invitations/sent (get_invitations): newest first; page, size and the e-mail search in the URL. */
export function useInvitations(fallbackError: string) {
  const state = useListUrlState(FILTERS);
  return { state, ...useListQuery(listInvitationsCall, state, { fallbackError }) };
}
