import { listWorkspacesCall, WORKSPACE_SERVICES, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type WorkspaceRow = CallAnswer<typeof listWorkspacesCall>['docs'][number];

/** Workspaces are read 100 at a time. */
export const WORKSPACES_PAGE_SIZE = 100;

const FILTERS = ['service'] as const;

/**
 * GET /api/workspaces: the active website's workspaces, newest first; page, size and the service
 * filter in the URL. Only a known service filters: a mistyped link lists every workspace instead of
 * failing with a 400.
 */
export function useWorkspaces(fallbackError: string) {
  const state = useListUrlState(FILTERS, '', WORKSPACES_PAGE_SIZE);
  const service = WORKSPACE_SERVICES.find((s) => s === state.filters.service);
  return { state, service, ...useListQuery(listWorkspacesCall, state, { fallbackError, extraQuery: { service } }) };
}
