import type { Workspace, WorkspaceCreateBody } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/workspaces: the active website's workspaces; spec section 9 reads 100 at a time (page 1). */
export const LIST_WORKSPACES_URL = '/api/workspaces';
export const WORKSPACES_PAGE_SIZE = 100;
export type WorkspaceRow = Workspace;

/** POST /api/workspaces (any signed-in member, inside the active website). */
export async function createWorkspace(body: WorkspaceCreateBody): Promise<Workspace> {
  const { data } = await api.post<{ message: string; data: Workspace }>('/api/workspaces', body);
  return data.data;
}

/** DELETE /api/workspaces/{id}. */
export async function deleteWorkspace(id: string): Promise<void> {
  await api.delete(`/api/workspaces/${encodeURIComponent(id)}`);
}
