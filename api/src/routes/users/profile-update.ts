import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { CURRENT_PASSWORD_NEEDED_MESSAGE, EMAIL_CHANGE_SENT_MESSAGE, EMAIL_CHANGE_TTL_HOURS, updateProfileCall } from 'contracts';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n/messages';
import { caller } from '../../plugins/access';
import { randomToken, sha256 } from '../../lib/crypto';
import { badRequest, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { emailChangeMail } from '../../mail/templates';
import { loadUserView } from '../../stores/users';
import { accountsStore } from '../../stores/accounts';

export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_TTL_HOURS * 3_600_000;

/**
 * Name, e-mail and avatar of the signed-in user. Name and avatar change at once. A new e-mail
 * needs the current password, and only takes effect once the link mailed to the
 * new address is followed (POST /api/users/email-confirm): holding a session is not enough to take
 * an address, and with it an invitation sent to that address.
 *
 * Whether the new address already belongs to an account (here or in another organisation) is not
 * told here: the answer is the same, and the clash is refused at confirmation, to the person holding
 * that mailbox only.
 */
export function profileUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, updateProfileCall, async (request) => {
    const { userId } = caller(request);
    const { name, email, avatar, currentPassword } = request.body;
    const current = await accountsStore(ctx.db).credentials(userId);
    if (!current) throw unauthorized('auth.accountNoLongerExists');
    const changesEmail = email !== current.email;
    if (changesEmail) {
      if (!currentPassword) throw badRequest(CURRENT_PASSWORD_NEEDED_MESSAGE, { currentPassword: CURRENT_PASSWORD_NEEDED_MESSAGE });
      // Throttled like signing in, on the same counts: a session gives no extra password guesses.
      if (!(await ctx.limiter.checkPassword(current.email, request.ip, () => verifyPassword(current.passwordHash, currentPassword)))) {
        throw badRequest('passwords.currentPasswordIncorrect', { currentPassword: 'passwords.currentPasswordIncorrect' });
      }
    }
    const token = randomToken();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
    // One pending change per user: a new request (or going back to the current address) replaces it.
    await ctx.db.transaction((tx) =>
      accountsStore(tx).saveProfile(userId, { name, avatar }, changesEmail ? { newEmail: email, tokenHash: sha256(token), expiresAt } : null),
    );
    const user = await loadUserView(ctx.db, userId);
    if (!user) throw unauthorized('auth.accountNoLongerExists');
    if (!changesEmail) return { message: 'users.profileUpdated', data: user };
    const link = `${ctx.config.publicAppUrl}/confirm?email_token=${encodeURIComponent(token)}`;
    ctx.mailer.send(emailChangeMail(email, name, link, expiresAt, languageOf(request.headers['accept-language'])));
    return { message: EMAIL_CHANGE_SENT_MESSAGE, data: user, pendingEmail: email };
  });
}
