import { and, asc, desc, eq, ilike, ne } from 'drizzle-orm';
import type { CallQuery, Paged, listRolesCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { roles, userRoles } from '../db/schema';
import { COUNT, likePattern, selectPage, TOTAL, type PageWindow } from './paged-select';

type RoleRow = typeof roles.$inferSelect;

/** A role as every call answers it. */
export const roleView = (r: Pick<RoleRow, 'id' | 'name' | 'permissions' | 'createdAt'>) => ({
  _id: r.id,
  name: r.name,
  permissions: r.permissions,
  createdAt: r.createdAt.toISOString(),
});
export type RoleView = ReturnType<typeof roleView>;

/**
 * The SQL of roles, always inside one organisation (the caller's): a role of another organisation is
 * never read, changed or counted, so a route cannot forget the tenancy check.
 */
export function rolesStore(db: DbOrTx, organisationId: string) {
  const own = (id: string) => and(eq(roles.id, id), eq(roles.organisationId, organisationId));
  return {
    /** Newest first (index roles_organisation_created_idx), optionally by name (contains, any case). */
    page(query: CallQuery<typeof listRolesCall>): Promise<Paged<RoleView>> {
      const where = and(eq(roles.organisationId, organisationId), query.name ? ilike(roles.name, likePattern(query.name)) : undefined);
      const dir = query.order === 'asc' ? asc : desc;
      return selectPage(
        query,
        async ({ limit, offset }: PageWindow) =>
          await db
            .select({ id: roles.id, name: roles.name, permissions: roles.permissions, createdAt: roles.createdAt, total: TOTAL })
            .from(roles)
            .where(where)
            .orderBy(dir(roles.createdAt), dir(roles.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(roles).where(where))[0].n,
        roleView,
      );
    },

    async find(id: string): Promise<RoleRow | undefined> {
      const [role] = await db.select().from(roles).where(own(id)).limit(1);
      return role;
    },

    /** The role, locked until the transaction ends (so no assignment slips in before a delete). */
    async findForUpdate(id: string): Promise<Pick<RoleRow, 'id' | 'permissions'> | undefined> {
      const [role] = await db.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(own(id)).for('update').limit(1);
      return role;
    },

    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      const [taken] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.organisationId, organisationId), eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined))
        .limit(1);
      return !!taken;
    },

    async insert(values: { name: string; permissions: string[] }): Promise<RoleRow> {
      const [role] = await db
        .insert(roles)
        .values({ organisationId, ...values })
        .returning();
      return role;
    },

    async update(id: string, values: { name: string; permissions: string[] }): Promise<RoleRow | undefined> {
      const [role] = await db.update(roles).set(values).where(own(id)).returning();
      return role;
    },

    async holders(id: string): Promise<number> {
      const [{ n }] = await db.select({ n: COUNT }).from(userRoles).where(eq(userRoles.roleId, id));
      return n;
    },

    async remove(id: string): Promise<void> {
      await db.delete(roles).where(own(id));
    },
  };
}
