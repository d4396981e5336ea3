import type { Paged, Workspace, WorkspaceService } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/workspaces?page=1&pageSize=100&service=…: one service's workspaces (spec section 9: 100, page 1). */
export async function listWorkspaces(service: WorkspaceService): Promise<Workspace[]> {
  const { data } = await api.get<Paged<Workspace>>('/api/workspaces', { params: { page: 1, pageSize: 100, service } });
  return data.docs;
}
