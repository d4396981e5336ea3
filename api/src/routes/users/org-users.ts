import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVITATION_MEMBER_MESSAGE, createOrgUserCall, listSendersCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { languageOf } from '../../i18n/messages';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { accountElsewhereMail } from '../../mail/templates';
import { caller } from '../../plugins/access';
import { assertCanGrantRoles } from '../../services/grants';
import { orgUsersStore } from '../../stores/org-users';
import { isUniqueViolation } from '../shared';

const ADDED = 'users.addedUnlessAccountElsewhere';
const alreadyMember = () => conflict(INVITATION_MEMBER_MESSAGE, { email: INVITATION_MEMBER_MESSAGE });

/** The users of the caller's own organisation, as its members manage and see them. */
export function orgUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => orgUsersStore(ctx.db, caller(request).organisationId);

  /**
   * Adds a user to the caller's organisation with roles of that organisation. A role id of another
   * organisation is refused on `roles` exactly like an unknown one; roles holding a permission the
   * caller lacks are refused with 403 (services/grants.ts); a member already → 409 on email.
   *
   * An address with an account in another organisation (an account belongs to one) cannot be added,
   * but the caller is not told: the answer is the same 201 as when the account is created, and the
   * mailbox's holder gets a mail saying who tried. The password is hashed in both cases, so the
   * time taken does not tell either.
   */
  serve(app, createOrgUserCall, async (request) => {
    const auth = caller(request);
    const members = store(request);
    const { name, email, password, avatar } = request.body;
    const roleIds = [...new Set(request.body.roles)];
    if (!(await members.ownsRoles(roleIds))) throw badRequest('generic.validationFailed', { roles: 'roles.unknown' });
    await assertCanGrantRoles(ctx.db, auth, auth.organisationId, roleIds);
    if ((await members.accountOf(email)) === 'member') throw alreadyMember();
    const passwordHash = await hashPassword(password);
    const created = await ctx.db
      .transaction(async (tx) => {
        const inTx = orgUsersStore(tx, auth.organisationId);
        if (await inTx.accountOf(email)) return false;
        await inTx.insert({ name, email, passwordHash, avatar: avatar ?? null }, roleIds);
        return true;
      })
      .catch((err: unknown) => {
        // The address taken meanwhile: decided below like any taken address.
        if (isUniqueViolation(err)) return false;
        throw err;
      });
    if (!created) {
      const where = await members.accountOf(email);
      if (where === 'member') throw alreadyMember();
      if (where === 'elsewhere') {
        const names = await members.names(auth.userId);
        ctx.mailer.send(
          accountElsewhereMail(
            email,
            { organisation: names.organisation, inviter: names.member ?? names.organisation, link: `${ctx.config.publicAppUrl}/login` },
            // Like an invitation: the addressee's language is not known to us; the sender's likely is.
            languageOf(request.headers['accept-language']),
          ),
        );
      }
    }
    return { message: ADDED };
  });

  /**
   * Who can author content, for the sender filters of the content lists: every member of the
   * organisation needs it, not only the super-admin of GET /api/admin/senders.
   */
  serve(app, listSendersCall, (request) => store(request).senders(request.query));
}
