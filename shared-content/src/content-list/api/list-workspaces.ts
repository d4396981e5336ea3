import { listWorkspacesCall, type Workspace, type WorkspaceService } from 'contracts';
import { callApi, useAllPages } from 'shared-data';

/** GET /api/workspaces?page=1&pageSize=100&service=…: one service's workspaces (100, page 1). */
export async function listWorkspaces(service: WorkspaceService): Promise<Workspace[]> {
  const { docs } = await callApi(listWorkspacesCall, { query: { page: 1, pageSize: 100, service } });
  return docs;
}

/** The active website's workspaces of one kind (`service`): the lists' side list and the editors' picker. */
export const useWorkspaces = (service: WorkspaceService) => useAllPages(listWorkspacesCall, { query: { pageSize: 100, service } });
