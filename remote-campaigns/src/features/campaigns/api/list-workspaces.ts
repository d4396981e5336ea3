import { listWorkspacesCall, type Workspace, type WorkspaceService } from 'contracts';
import { callApi } from 'shared-auth';

/** GET /api/workspaces?page=1&pageSize=100&service=…: one service's workspaces (spec section 9: 100, page 1). */
export async function listWorkspaces(service: WorkspaceService): Promise<Workspace[]> {
  const { docs } = await callApi(listWorkspacesCall, { query: { page: 1, pageSize: 100, service } });
  return docs;
}
