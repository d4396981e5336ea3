import { listWorkspacesCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-auth';

export type WorkspaceRow = CallAnswer<typeof listWorkspacesCall>['docs'][number];

/** Spec section 9: workspaces are read 100 at a time. */
export const WORKSPACES_PAGE_SIZE = 100;

const FILTERS = ['service'] as const;

/** GET /api/workspaces: the active website's workspaces, newest first; page, size and service filter in the URL. */
export function useWorkspaces(fallbackError: string) {
  const state = useListUrlState(FILTERS, '', WORKSPACES_PAGE_SIZE);
  return { state, ...useListQuery(listWorkspacesCall, state, { fallbackError }) };
}
