import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { EMAIL_CHANGED_MESSAGE, EMAIL_CHANGE_INVALID_MESSAGE, confirmEmailCall } from 'contracts';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { accountsStore } from '../../stores/accounts';
import { isUniqueViolation } from '../shared';

const EMAIL_TAKEN = { message: 'users.emailInUse', errors: { email: 'users.emailUsedByAnotherAccount' } } as const;

/**
 * POST /api/users/email-confirm: following the link mailed to a new address makes the e-mail change
 * of PUT /api/users/profile-update take effect. Public: holding the link proves the mailbox, and it
 * may be opened on another device than the session's. The link works once (the pending change is
 * claimed and deleted in the same transaction) until it expires; the address must still be free
 * then (409 otherwise: only the mailbox's holder learns it has an account).
 */
export function emailConfirmRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, confirmEmailCall, async (request) => {
    // Rate-limited per address like the other mailed links: the token is a guessable secret.
    await ctx.limiter.beginLinkAttempt('email-confirm', request.ip);
    const tokenHash = sha256(request.body.token);
    try {
      await ctx.db.transaction(async (tx) => {
        const accounts = accountsStore(tx);
        const change = await accounts.claimEmailChange(tokenHash, new Date());
        if (!change) throw badRequest(EMAIL_CHANGE_INVALID_MESSAGE, { token: EMAIL_CHANGE_INVALID_MESSAGE });
        if (await accounts.emailTaken(change.newEmail)) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.errors);
        await accounts.setEmail(change.userId, change.newEmail);
      });
    } catch (err) {
      // Two accounts racing for the same address: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.errors);
      throw err;
    }
    return { message: EMAIL_CHANGED_MESSAGE };
  });
}
