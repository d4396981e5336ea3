import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { forgotPasswordCall } from 'contracts';
import type { AppContext } from '../../context';
import { languageOf, type Lang } from '../../i18n/messages';
import { randomToken, sha256 } from '../../lib/crypto';
import { passwordResetMail } from '../../mail/templates';
import { findUserByEmail } from '../../stores/users';
import { accountsStore } from '../../stores/accounts';
import { throttlesStore } from '../../stores/throttles';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * Reset mails an hour. Per account and address: what one address may have sent to one mailbox. Per
 * account: what all addresses together may, except that an address that asked for none this hour
 * is still sent its first, up to the ceiling. So an attacker spending the account's budget from
 * other addresses does not stop the owner's own request, and the mailbox still receives at most
 * the ceiling an hour, however many addresses ask.
 */
export const RESET_MAILS = { perAccountAndAddress: 3, perAccount: 5, perAccountCeiling: 10 } as const;

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
    const address = request.ip;
    ctx.background.run('password reset mail', () => sendResetLink(ctx, email, lang, address));
    return { message: 'passwords.resetLinkSent' };
  });
}

async function sendResetLink(ctx: AppContext, email: string, lang: Lang, address: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const accounts = accountsStore(ctx.db);
  const recent = await accounts.resetsSince(user.id, new Date(Date.now() - 3_600_000));
  // Counted in the shared throttle rows (an hour's window), so every API process counts the same mails.
  const perAddress = throttlesStore(ctx.db, 60);
  const key = `reset-mail:${user.id}|${address}`;
  const fromHere = await perAddress.recentAttempts(key);
  const allowed =
    fromHere < RESET_MAILS.perAccountAndAddress && (recent < RESET_MAILS.perAccount || (fromHere === 0 && recent < RESET_MAILS.perAccountCeiling));
  if (!allowed) {
    ctx.log.warn({ userId: user.id }, 'password reset mail limit reached');
    return;
  }
  await perAddress.tally(key);
  const token = randomToken();
  await accounts.insertReset(user.id, sha256(token), new Date(Date.now() + RESET_LINK_TTL_MS));
  // The address rides along so that, should the link be used or expired, the console can offer a new
  // one for it without asking (it is the reader's own address, in their own mailbox).
  const link = `${ctx.config.publicAppUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  ctx.mailer.send(passwordResetMail(user.email, user.name, link, lang));
}
