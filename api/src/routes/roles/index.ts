import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRoleCall, deleteRoleCall, getRoleCall, listRolesCall, updateRoleCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { caller } from '../../plugins/access';
import { assertCanGrant, permissionsBeyondCaller, roleAboveCaller } from '../../services/grants';
import { lockOrganisation, ownerCount, rolesStore, roleView } from '../../stores/roles';
import { recordAudit } from '../../stores/audit-log';
import { auditScope, isUniqueViolation } from '../shared';

export const NAME_TAKEN = 'roles.nameAlreadyExists';
const nameTaken = () => conflict(NAME_TAKEN, { name: NAME_TAKEN });
const roleNotFound = () => notFound('roles.notFound');
export const LAST_OWNER = 'roles.lastOwner';

/** Two requests racing for the same name: the unique index decides. */
function onUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) throw nameTaken();
  throw err;
}

/**
 * The roles of the caller's organisation. A role of another organisation answers
 * 404 exactly like a missing one (the store never reads outside the organisation). Nobody grants,
 * through a role, a permission they do not hold, nor edits or deletes a role above them
 * (services/grants.ts). Holders get a role's new permissions on their next call (read per request).
 */
export function roleRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => rolesStore(ctx.db, caller(request).organisationId);

  serve(app, listRolesCall, (request) => store(request).page(request.query));

  serve(app, getRoleCall, async (request) => {
    const role = await store(request).find(request.params.id);
    if (!role) throw roleNotFound();
    return { data: roleView(role) };
  });

  serve(app, createRoleCall, async (request) => {
    const roles = store(request);
    assertCanGrant(caller(request), request.body.permissions);
    if (await roles.nameTaken(request.body.name)) throw nameTaken();
    const role = await ctx.db
      .transaction(async (tx) => {
        const created = await rolesStore(tx, caller(request).organisationId).insert(request.body);
        await recordAudit(tx, auditScope(request), {
          action: 'role.created',
          objectType: 'role',
          objectId: created.id,
          objectLabel: created.name,
          details: { permissions: created.permissions },
        });
        return created;
      })
      .catch(onUniqueViolation);
    return { message: 'roles.created', data: roleView(role) };
  });

  /**
   * An edit that would leave the organisation without an owner (a member holding every permission:
   * stores/roles.ts) is refused with 409 and nothing changes; an owner stripping the one Owner role
   * would otherwise lock everybody out of roles and members for good.
   */
  serve(app, updateRoleCall, (request) =>
    ctx.db.transaction(async (tx) => {
      const auth = caller(request);
      const roles = rolesStore(tx, auth.organisationId);
      await lockOrganisation(tx, auth.organisationId);
      const existing = await roles.find(request.params.id);
      if (!existing) throw roleNotFound();
      // A role above the caller (an Owner role) is not theirs to rename or strip, and what it becomes
      // must not exceed the caller either (this also stops writing into their own role).
      const above = permissionsBeyondCaller(auth, existing.permissions);
      if (above.length > 0) throw forbidden(roleAboveCaller(above));
      assertCanGrant(auth, request.body.permissions);
      if (await roles.nameTaken(request.body.name, existing.id)) throw nameTaken();
      const owners = await ownerCount(tx, auth.organisationId);
      const role = await roles.update(existing.id, request.body).catch(onUniqueViolation);
      if (!role) throw roleNotFound();
      // Thrown inside the transaction: the update is rolled back.
      await recordAudit(tx, auditScope(request), {
        action: 'role.updated',
        objectType: 'role',
        objectId: role.id,
        objectLabel: role.name,
        details: { before: { name: existing.name, permissions: existing.permissions }, after: { name: role.name, permissions: role.permissions } },
      });
      if (owners > 0 && (await ownerCount(tx, auth.organisationId)) === 0) throw conflict(LAST_OWNER, { permissions: LAST_OWNER });
      return { message: 'roles.updated', data: roleView(role) };
    }),
  );

  // A role still held by users is refused with 409: deleting it would silently strip them of access
  // (and could leave the organisation without an owner). The role is locked between the count and
  // the delete so a concurrent assignment cannot slip in.
  serve(app, deleteRoleCall, (request) =>
    ctx.db.transaction(async (tx) => {
      const auth = caller(request);
      const roles = rolesStore(tx, auth.organisationId);
      const role = await roles.findForUpdate(request.params.id);
      if (!role) throw roleNotFound();
      const above = permissionsBeyondCaller(auth, role.permissions);
      if (above.length > 0) throw forbidden(roleAboveCaller(above));
      const holders = await roles.holders(role.id);
      if (holders > 0) {
        throw conflict({ code: 'roles.stillHeld', params: { count: holders } });
      }
      await roles.remove(role.id);
      await recordAudit(tx, auditScope(request), { action: 'role.deleted', objectType: 'role', objectId: role.id, objectLabel: role.name });
      return { message: 'roles.deleted' };
    }),
  );
}
