import { listAuditLogCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type AuditRow = CallAnswer<typeof listAuditLogCall>['docs'][number];

const FILTERS = ['action', 'actor', 'from', 'to'] as const;

/** The day's first and last instant in the browser's time zone, as the API's ISO bounds. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

/**
 * GET /api/audit-log (get_auditLog): newest first; page, size, the action, the member and the days
 * (from, to: `YYYY-MM-DD`, both whole days included) in the URL, so a filtered log can be linked.
 */
export function useAuditLog(fallbackError: string) {
  const state = useListUrlState(FILTERS, '', 25);
  const { from, to } = state.filters;
  const extraQuery = { from: dayStart(from), to: dayEnd(to) };
  return { state, ...useListQuery(listAuditLogCall, state, { fallbackError, extraQuery }) };
}
