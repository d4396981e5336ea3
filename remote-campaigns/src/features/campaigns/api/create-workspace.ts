import type { Workspace, WorkspaceCreateBody } from 'contracts';
import { api } from 'shared-auth';

/** POST /api/workspaces (any signed-in member, inside the active website). */
export async function createWorkspace(body: WorkspaceCreateBody): Promise<Workspace> {
  const { data } = await api.post<{ message: string; data: Workspace }>('/api/workspaces', body);
  return data.data;
}
