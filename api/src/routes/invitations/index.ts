import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INVITATION_DELETED_MESSAGE,
  INVITATION_MEMBER_MESSAGE,
  INVITATION_SENT_MESSAGE,
  INVITATION_TTL_DAYS,
  INVITATIONS_DELETED_MESSAGE,
  acceptEmailInvitationCall,
  answerInvitationCall,
  createInvitationCall,
  deleteInvitationCall,
  deleteInvitationsCall,
  listInvitationsCall,
  setInvitationPasswordCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n/messages';
import { serve } from '../../http/serve';
import { randomToken, sha256 } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { invitationMail } from '../../mail/templates';
import { caller } from '../../plugins/access';
import { assertCanGrantRoles } from '../../services/grants';
import { invitationLinksStore, invitationsStore, invitationView } from '../../stores/invitations';
import { recordAudit } from '../../stores/audit-log';
import { auditScope, isUniqueViolation } from '../shared';

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 86_400_000;
const INVALID_INVITATION = 'invitations.linkInvalid';

const invalidLink = () => badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
const invitationNotFound = () => notFound('invitations.notFound');
const otherOrganisation = () => conflict('invitations.accountInAnotherOrganisation');
const accountExists = () => conflict('invitations.accountExistsSignIn', { email: 'invitations.accountExists' });

/**
 * Invitations into an organisation: the organisation sends, lists and withdraws
 * them; the invitee answers from the mailed single-use link, which expires after
 * INVITATION_TTL_DAYS days:
 *   no account yet      → `${PUBLIC_APP_URL}/confirm?token=…&email=…` (setInvitationPasswordCall)
 *   an existing account → `${PUBLIC_APP_URL}/workspace/invitations/{id}?token=…` (acceptEmailInvitationCall,
 *                         or answerInvitationCall when signed in)
 * A user belongs to one organisation: accepting an invitation into another one answers 409 and the
 * invitation stays pending.
 */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, listInvitationsCall, (request) => invitationsStore(ctx.db, caller(request).organisationId).page(request.query));

  /**
   * Invites `email` with `roleId` (a role of the organisation, else 400 on roleId). A member already
   * → 409 on email. A role holding a permission the caller lacks → 403 (services/grants.ts). There
   * is never more than one live link per address and organisation (the organisation row is locked
   * meanwhile): the caller's own pending invitation is replaced (sent again, with the role now
   * chosen), and so is an expired one or one whose inviter has left; a live invitation another
   * member sent is theirs, and answers 409 on email naming them, rather than being silently
   * withdrawn under them (it can be withdrawn from the list first). An address whose account
   * belongs to another organisation is still sent the mail (answering differently would tell the
   * inviter that this address has an account elsewhere); accepting then answers 409.
   */
  serve(app, createInvitationCall, async (request) => {
    const auth = caller(request);
    const { email, roleId } = request.body;
    const token = randomToken();
    const result = await ctx.db.transaction(async (tx) => {
      const sent = invitationsStore(tx, auth.organisationId);
      const org = await sent.lockOrganisation();
      const role = await sent.role(roleId);
      if (!role) throw badRequest('roles.unknown', { roleId: 'roles.unknown' });
      // Inviting with a role above the caller (their own second address included) grants nothing.
      await assertCanGrantRoles(tx, auth, auth.organisationId, [role.id]);
      const account = await invitationLinksStore(tx).accountOf(email);
      if (account?.organisationId === auth.organisationId) throw conflict(INVITATION_MEMBER_MESSAGE, { email: INVITATION_MEMBER_MESSAGE });
      const pending = await sent.livePendingBy(email);
      if (pending && pending.invitedBy !== auth.userId) {
        const message = { code: 'invitations.pendingFromAnotherMember', params: { name: pending.inviterName } } as const;
        throw conflict(message, { email: message });
      }
      await sent.withdrawPending(email);
      const inviter = await sent.memberName(auth.userId);
      const row = await sent.insert({
        email,
        roleId: role.id,
        tokenHash: sha256(token),
        invitedBy: auth.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      await recordAudit(tx, auditScope(request), {
        action: 'invitation.created',
        objectType: 'invitation',
        objectId: row.id,
        objectLabel: email,
        details: { roleId: role.id, role: role.name },
      });
      return { row, role, organisation: org.name, inviter: inviter ?? org.name, hasAccount: Boolean(account) };
    });
    const { row, role } = result;
    const base = ctx.config.publicAppUrl;
    const link = result.hasAccount
      ? `${base}/workspace/invitations/${row.id}?token=${encodeURIComponent(token)}`
      : `${base}/confirm?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
    ctx.mailer.send(
      invitationMail(
        email,
        { organisation: result.organisation, inviter: result.inviter, role: role.name, link, expiresAt: row.expiresAt, hasAccount: result.hasAccount },
        // The invitee has no language known to us yet: the inviter's, who likely shares it.
        languageOf(request.headers['accept-language']),
      ),
    );
    return { message: INVITATION_SENT_MESSAGE, data: invitationView({ ...row, roleId: role.id, roleName: role.name }) };
  });

  /**
   * Deleting a pending invitation revokes its link (the token hash goes with the row). An id that is
   * not one of the organisation's invitations answers 404, and a bulk delete then deletes nothing.
   */
  const removeAll = (request: FastifyRequest, ids: string[]) =>
    ctx.db.transaction(async (tx) => {
      const unique = [...new Set(ids)];
      if (!(await invitationsStore(tx, caller(request).organisationId).removeAll(unique))) throw invitationNotFound();
      for (const id of unique) await recordAudit(tx, auditScope(request), { action: 'invitation.revoked', objectType: 'invitation', objectId: id });
    });

  serve(app, deleteInvitationCall, async (request) => {
    await removeAll(request, [request.params.id]);
    return { message: INVITATION_DELETED_MESSAGE };
  });

  serve(app, deleteInvitationsCall, async (request) => {
    await removeAll(request, request.body.invitations);
    return { message: INVITATIONS_DELETED_MESSAGE };
  });

  /**
   * The signed-in invitee answers (accept | reject). Any signed-in user may call it (the invitee has
   * no permission in the inviting organisation yet), but only for an invitation addressed to their
   * own email, and only with the mailed token: holding the address is not enough, the link proves
   * the mailbox. Another person's invitation, an unknown id, a missing or a wrong
   * token all answer the same 404. Rejecting works wherever the invitation comes from.
   */
  serve(app, answerInvitationCall, async (request) => {
    const { userId } = caller(request);
    const { id, type } = request.params;
    const { token } = request.query;
    await ctx.db.transaction(async (tx) => {
      const links = invitationLinksStore(tx);
      const user = await links.member(userId);
      const invitation = await links.byId(id);
      if (!user || !invitation || invitation.email !== user.email || !token || invitation.tokenHash !== sha256(token)) throw invitationNotFound();
      if (invitation.status !== 'pending' || invitation.expiresAt.getTime() <= Date.now()) throw invalidLink();
      if (type === 'accept' && user.organisationId !== invitation.organisationId) throw otherOrganisation();
      const answered = await links.answer(id, type === 'accept' ? 'accepted' : 'rejected');
      if (!answered) throw invalidLink();
      if (type === 'accept') await links.grantInvitedRole(userId, answered);
    });
    return { message: type === 'accept' ? 'invitations.accepted' : 'invitations.rejected' };
  });

  /** An existing user accepts with the mailed token (holding it proves the mailbox); the invited role is added. */
  serve(app, acceptEmailInvitationCall, async (request) => {
    // Rate-limited per address like the other mailed links: the token is a guessable secret.
    await ctx.limiter.beginLinkAttempt('email-accept', request.ip);
    const { id } = request.params;
    await ctx.db.transaction(async (tx) => {
      const links = invitationLinksStore(tx);
      const invitation = await links.byId(id);
      if (!invitation) throw invitationNotFound();
      if (invitation.tokenHash !== sha256(request.query.token) || invitation.status !== 'pending' || invitation.expiresAt.getTime() <= Date.now()) {
        throw invalidLink();
      }
      const user = await links.accountOf(invitation.email);
      if (!user) throw notFound('invitations.noAccountChoosePassword');
      if (user.organisationId !== invitation.organisationId) throw otherOrganisation();
      const accepted = await links.answer(id, 'accepted');
      if (!accepted) throw invalidLink();
      await links.grantInvitedRole(user.id, accepted);
    });
    return { message: 'invitations.accepted' };
  });

  /**
   * The invitee without an account chooses a password: the account is created in the invitation's
   * organisation with the invited role, and the invitation is accepted, in one transaction.
   */
  serve(app, setInvitationPasswordCall, async (request) => {
    await ctx.limiter.beginLinkAttempt('invitation', request.ip);
    const tokenHash = sha256(request.query.token);
    // The link is checked before any hashing: a wrong token costs no argon2 work.
    if (!(await invitationLinksStore(ctx.db).liveByTokenHash(tokenHash))) throw invalidLink();
    const passwordHash = await hashPassword(request.body.password);
    try {
      await ctx.db.transaction(async (tx) => {
        const links = invitationLinksStore(tx);
        // Accepting first, conditionally, makes the link single-use even under concurrent calls.
        const invitation = await links.acceptByTokenHash(tokenHash);
        if (!invitation) throw invalidLink();
        if (await links.accountOf(invitation.email)) throw accountExists();
        const user = await links.createAccount(invitation, passwordHash);
        await links.grantInvitedRole(user.id, invitation);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw accountExists();
      throw err;
    }
    return { message: 'passwords.set' };
  });
}
