import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, type CallQuery, type Paged, type listRolesCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, roles, userRoles, users } from '../db/schema';
import { COUNT, pageByCreation, contains, insertRow } from './paged-select';

type RoleRow = typeof roles.$inferSelect;

/** Every permission, as one SQL array value (what an owner's roles hold together). */
const EVERY_PERMISSION = sql`array[${sql.join(
  ALL_PERMISSIONS.map((p) => sql`${p}`),
  sql`, `,
)}]::text[]`;

/**
 * The owners of an organisation: its members whose roles together hold every permission (the seeded
 * Owner role, or any mix of roles that adds up to it). The organisation must keep one: without an
 * owner, nobody can manage its roles and members any more, not even to give ownership back.
 */
export async function ownerCount(db: DbOrTx, organisationId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: COUNT })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        sql`coalesce((
          select array_agg(p) from ${userRoles}
          join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.organisationId} = ${users.organisationId}
          cross join unnest(${roles.permissions}) as p
          where ${userRoles.userId} = ${users.id}
        ), '{}'::text[]) @> ${EVERY_PERMISSION}`,
      ),
    );
  return n;
}

/**
 * Locks the organisation row until the transaction ends: changes that could take ownership away
 * (a role's permissions, a member deleted) run one at a time, so two owners demoting each other at
 * once cannot both see the other one still there.
 */
export async function lockOrganisation(db: DbOrTx, organisationId: string): Promise<void> {
  await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
}

/** A role as every call answers it. */
/** The permissions the roles `roleIds` of `organisationId` hold, each role's in turn (ids of other organisations add none). */
export async function permissionsOfRoles(db: DbOrTx, organisationId: string, roleIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.organisationId, organisationId), inArray(roles.id, roleIds)));
  return rows.flatMap((r) => r.permissions);
}

export const roleView = (r: Pick<RoleRow, 'id' | 'name' | 'permissions' | 'createdAt'>) => ({
  _id: r.id,
  name: r.name,
  permissions: r.permissions,
  createdAt: r.createdAt.toISOString(),
});
export type RoleView = ReturnType<typeof roleView>;

/** The columns of a list page (what the view reads). */
const roleColumns = { id: roles.id, name: roles.name, permissions: roles.permissions, createdAt: roles.createdAt };

/**
 * The SQL of roles, always inside one organisation (the caller's): a role of another organisation is
 * never read, changed or counted, so a route cannot forget the tenancy check.
 */
export function rolesStore(db: DbOrTx, organisationId: string) {
  const own = (id: string) => and(eq(roles.id, id), eq(roles.organisationId, organisationId));
  return {
    /** Newest first (index roles_organisation_created_idx), optionally by name (contains, any case). */
    page(query: CallQuery<typeof listRolesCall>): Promise<Paged<RoleView>> {
      const where = and(eq(roles.organisationId, organisationId), contains(roles.name, query.name));
      return pageByCreation(db, roles, roleColumns, where, query, roleView);
    },

    async find(id: string): Promise<RoleRow | undefined> {
      const [role] = await db.select().from(roles).where(own(id)).limit(1);
      return role;
    },

    /** The role, locked until the transaction ends (so no assignment slips in before a delete). */
    async findForUpdate(id: string): Promise<Pick<RoleRow, 'id' | 'name' | 'permissions'> | undefined> {
      const [role] = await db.select({ id: roles.id, name: roles.name, permissions: roles.permissions }).from(roles).where(own(id)).for('update').limit(1);
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
      return insertRow(db, roles, { organisationId, ...values });
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
