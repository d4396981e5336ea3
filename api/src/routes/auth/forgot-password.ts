import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { forgotPasswordCall } from 'contracts';
import type { AppContext } from '../../context';
import { languageOf, type Lang } from '../../i18n/messages';
import { randomToken, sha256 } from '../../lib/crypto';
import { passwordResetMail } from '../../mail/templates';
import { findUserByEmail } from '../../stores/users';
import { accountsStore } from '../../stores/accounts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** At most this many reset mails per account and hour: nobody can flood a mailbox through us. */
const MAX_RESETS_PER_HOUR = 5;

/**
 * Always answers 'passwords.resetLinkSent', whether or not the address has an account (no account
 * enumeration). The mail is queued, not awaited, so the timing does not tell either.
 */
export function forgotPasswordRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, forgotPasswordCall, async (request) => {
    // The answer leaves before anything depends on whether the account exists (lookup, token,
    // mail): both cases answer in the same time, so timing does not tell which addresses exist.
    const email = request.body.email;
    // The mail is written in the language of the person asking (their console's accept-language).
    const lang = languageOf(request.headers['accept-language']);
    ctx.background.run('password reset mail', () => sendResetLink(ctx, email, lang));
    return { message: 'passwords.resetLinkSent' };
  });
}

async function sendResetLink(ctx: AppContext, email: string, lang: Lang): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const accounts = accountsStore(ctx.db);
  const recent = await accounts.resetsSince(user.id, new Date(Date.now() - 3_600_000));
  if (recent >= MAX_RESETS_PER_HOUR) {
    ctx.log.warn({ userId: user.id }, 'password reset mail limit reached');
    return;
  }
  const token = randomToken();
  await accounts.insertReset(user.id, sha256(token), new Date(Date.now() + RESET_LINK_TTL_MS));
  // The address rides along so that, should the link be used or expired, the console can offer a new
  // one for it without asking (it is the reader's own address, in their own mailbox).
  const link = `${ctx.config.publicAppUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  ctx.mailer.send(passwordResetMail(user.email, user.name, link, lang));
}
