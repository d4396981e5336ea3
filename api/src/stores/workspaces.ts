import { and, eq } from 'drizzle-orm';
import type { CallQuery, Paged, WorkspaceService, listWorkspacesCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { workspaces } from '../db/schema';
import { pageByCreation, nameTakenIn, insertRow, deleteRowIn } from './paged-select';

type WorkspaceRow = typeof workspaces.$inferSelect;

/** A workspace as every call answers it. */
export const workspaceView = (w: Pick<WorkspaceRow, 'id' | 'name' | 'icon' | 'service' | 'createdAt'>) => ({
  _id: w.id,
  name: w.name,
  icon: w.icon,
  service: w.service,
  createdAt: w.createdAt.toISOString(),
});
export type WorkspaceView = ReturnType<typeof workspaceView>;

/** The columns of a list page (what the view reads). */
const workspaceColumns = { id: workspaces.id, name: workspaces.name, icon: workspaces.icon, service: workspaces.service, createdAt: workspaces.createdAt };

/**
 * The SQL of workspaces, always inside one website (the active one, already checked to belong to
 * the caller's organisation): a workspace of another website answers like a missing one.
 */
export function workspacesStore(db: DbOrTx, websiteId: string) {
  const ofWebsite = eq(workspaces.websiteId, websiteId);
  return {
    /** Newest first, optionally of one service (spec: page 1, pageSize 100, service, order). */
    page(query: CallQuery<typeof listWorkspacesCall>): Promise<Paged<WorkspaceView>> {
      const where = and(ofWebsite, query.service ? eq(workspaces.service, query.service) : undefined);
      return pageByCreation(db, workspaces, workspaceColumns, where, query, workspaceView);
    },

    /**
     * A workspace's name is unique in its website and service, whatever the case: each service's side
     * list is its own, so "Onboarding" can be a popup workspace and a tour workspace.
     */
    async nameTaken(name: string, service: WorkspaceService): Promise<boolean> {
      return nameTakenIn(db, workspaces, and(ofWebsite, eq(workspaces.service, service)), name);
    },

    async insert(values: { name: string; icon: string; service: WorkspaceService }): Promise<WorkspaceRow> {
      return insertRow(db, workspaces, { websiteId, ...values });
    },

    /** Whether a workspace was there to delete. */
    async remove(id: string): Promise<boolean> {
      return deleteRowIn(db, workspaces, ofWebsite, id);
    },
  };
}
