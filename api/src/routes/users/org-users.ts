import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createOrgUserCall, listSendersCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { caller } from '../../plugins/access';
import { assertCanGrantRoles } from '../../services/grants';
import { loadUserView } from '../../services/users';
import { orgUsersStore } from '../../stores/org-users';
import { isUniqueViolation } from '../shared';
import { emailTaken } from '../admin';

/** The users of the caller's own organisation, as its members manage and see them. */
export function orgUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => orgUsersStore(ctx.db, caller(request).organisationId);

  /**
   * Adds a user to the caller's organisation with roles of that organisation. A role id of another
   * organisation is refused on `roles` exactly like an unknown one; roles holding a permission the
   * caller lacks are refused with 403 (services/grants.ts).
   */
  serve(app, createOrgUserCall, async (request) => {
    const auth = caller(request);
    const members = store(request);
    const { name, email, password, avatar } = request.body;
    const roleIds = [...new Set(request.body.roles)];
    if (!(await members.ownsRoles(roleIds))) throw badRequest('generic.validationFailed', { roles: 'roles.unknown' });
    await assertCanGrantRoles(ctx.db, auth, auth.organisationId, roleIds);
    if (await members.emailTaken(email)) throw emailTaken();
    const passwordHash = await hashPassword(password);
    const userId = await ctx.db
      .transaction((tx) => orgUsersStore(tx, auth.organisationId).insert({ name, email, passwordHash, avatar: avatar ?? null }, roleIds))
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      });
    const user = await loadUserView(ctx.db, userId);
    return { message: 'users.created', data: user! };
  });

  /**
   * Who can author content, for the sender filters of the content lists: every member of the
   * organisation needs it (issue 10, item 3), not only the super-admin of GET /api/admin/senders.
   */
  serve(app, listSendersCall, (request) => store(request).senders(request.query));
}
