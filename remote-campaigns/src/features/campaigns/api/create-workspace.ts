import { createWorkspaceCall, type Workspace, type WorkspaceCreateBody } from 'contracts';
import { callApi } from 'shared-auth';

/** POST /api/workspaces (create_workspaces, inside the active website). */
export async function createWorkspace(body: WorkspaceCreateBody): Promise<Workspace> {
  const { data } = await callApi(createWorkspaceCall, { body });
  return data;
}
