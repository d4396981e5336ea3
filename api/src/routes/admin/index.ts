import type { FastifyInstance } from 'fastify';
import {
  ADMIN_USER_CREATED_MESSAGE,
  ADMIN_USER_DELETED_MESSAGE,
  ADMIN_USER_UPDATED_MESSAGE,
  WEBSITE_EXISTS_MESSAGE,
  createAdminUserCall,
  deleteAdminUserCall,
  getAdminUserCall,
  listAdminSendersCall,
  listAdminUsersCall,
  updateAdminUserCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { caller } from '../../plugins/access';
import { loadUserView } from '../../stores/users';
import { adminUsersStore } from '../../stores/admin';
import { orgUsersStore } from '../../stores/org-users';
import { recordAudit } from '../../stores/audit-log';
import { auditScope, isUniqueViolation } from '../shared';

/**
 * A taken email, on the `email` field: the super-admin sees every account anyway. (POST /api/users/org
 * does not say so for an account of another organisation: routes/users/org-users.ts.)
 */
export const emailTaken = () => conflict('users.emailInUse', { email: 'users.emailUsedByAnotherAccount' });
const userNotFound = () => notFound('admin.userNotFound');
const websiteExists = () => conflict(WEBSITE_EXISTS_MESSAGE, { domain: WEBSITE_EXISTS_MESSAGE });

/**
 * Super-admin management of client accounts. `/api/admin/*` is reserved to
 * the super-admin by the access hook, so these calls need no permission string. They are not
 * scoped to the caller's organisation: the administrator manages every client account.
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const accounts = adminUsersStore(ctx.db);

  serve(app, listAdminUsersCall, (request) => accounts.page(request.query));

  /**
   * A client account is a new organisation with its first website (the domain) and an Owner role
   * holding every permission; the new user is its Owner. One transaction.
   */
  serve(app, createAdminUserCall, async (request) => {
    const { name, email, password, domain, organisationName, avatar } = request.body;
    // A new organisation has no role but the Owner role created with it: any role id is unknown.
    if (request.body.roles?.length) throw badRequest('generic.validationFailed', { roles: 'roles.unknown' });
    if (await accounts.emailTaken(email)) throw emailTaken();
    const passwordHash = await hashPassword(password);
    await ctx.db
      .transaction((tx) =>
        adminUsersStore(tx).createClientAccount({ name, email, passwordHash, domain, organisationName: organisationName || name, avatar: avatar ?? null }),
      )
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      });
    return { message: ADMIN_USER_CREATED_MESSAGE };
  });

  /** The public user object, never the password hash. */
  serve(app, getAdminUserCall, async (request) => {
    const user = await loadUserView(ctx.db, request.params.id);
    if (!user) throw userNotFound();
    return { data: user };
  });

  /**
   * Name, email and the domain of the account's first website. A password in the body is dropped by
   * the schema (spec: "password removed from body").
   */
  serve(app, updateAdminUserCall, async (request) => {
    const { id } = request.params;
    const { name, email, domain, avatar } = request.body;
    const organisationId = await accounts.organisationOf(id);
    if (!organisationId) throw userNotFound();
    if (await accounts.emailTaken(email, id)) throw emailTaken();
    const first = await accounts.firstWebsite(organisationId);
    try {
      await ctx.db.transaction(async (tx) => {
        const store = adminUsersStore(tx);
        await store.updateUser(id, { name, email, avatar });
        if (domain && first && first.domain !== domain) {
          if (await store.domainTaken(organisationId, domain)) throw websiteExists();
          await store.setWebsiteDomain(first.id, domain);
        }
      });
    } catch (err) {
      // Two unique indexes can refuse the write: the email's (global) or the domain's (per organisation).
      if (isUniqueViolation(err)) throw (await accounts.emailTaken(email, id)) ? emailTaken() : websiteExists();
      throw err;
    }
    const user = await loadUserView(ctx.db, id);
    if (!user) throw userNotFound();
    return { message: ADMIN_USER_UPDATED_MESSAGE, data: user };
  });

  /**
   * The administrator cannot delete their own account. When the deleted user was the last one of
   * their organisation, the organisation (its websites, roles and content) goes with it: a client
   * account with nobody left in it would be unreachable. The last owner of an organisation that
   * keeps other members is not deleted (409): nobody would be left to manage its roles and members.
   */
  serve(app, deleteAdminUserCall, async (request) => {
    const { id } = request.params;
    if (id === caller(request).userId) throw badRequest('admin.cannotDeleteOwnAccount');
    const organisationId = await accounts.organisationOf(id);
    const removed = await loadUserView(ctx.db, id);
    await ctx.db.transaction(async (tx) => {
      const outcome = await adminUsersStore(tx).removeUser(id);
      if (outcome === 'missing') throw userNotFound();
      // Thrown inside the transaction: the deletion is rolled back.
      if (outcome === 'lastOwner') throw conflict('admin.lastOwner');
      // The entry belongs to the organisation the member left (unless it went with them).
      if (outcome === 'removed' && organisationId) {
        await recordAudit(
          tx,
          { ...auditScope(request), organisationId, websiteId: null },
          { action: 'member.removed', objectType: 'user', objectId: id, objectLabel: removed?.email ?? null },
        );
      }
    });
    return { message: ADMIN_USER_DELETED_MESSAGE };
  });

  /** The fixed path of the senders list (super-admin); members use GET /api/senders (routes/users/org-users.ts). */
  serve(app, listAdminSendersCall, (request) => orgUsersStore(ctx.db, caller(request).organisationId).senders(request.query));
}
