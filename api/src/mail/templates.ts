import type { MailMessage } from './mailer';

/** Mail bodies. English only for now; every mail carries its link in both the text and HTML parts. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Signpost password',
    text:
      `Hello ${name},\n\n` +
      `Someone asked to reset the password of your Signpost account. Open this link within one hour to choose a new password:\n\n` +
      `${link}\n\n` +
      `The link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n`,
    html:
      `<p>Hello ${escapeHtml(name)},</p>` +
      `<p>Someone asked to reset the password of your Signpost account. Open this link within one hour to choose a new password:</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>The link works once. If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  };
}

/**
 * An invitation into an organisation. `link` is either /confirm (no account yet: the invitee chooses
 * a password) or /workspace/invitations/{id} (an existing account accepts); it works once, until
 * `expiresAt`.
 */
export function invitationMail(
  to: string,
  {
    organisation,
    inviter,
    role,
    link,
    expiresAt,
    hasAccount,
  }: { organisation: string; inviter: string; role: string | null; link: string; expiresAt: Date; hasAccount: boolean },
): MailMessage {
  const asRole = role ? ` as ${role}` : '';
  const until = expiresAt.toISOString().slice(0, 10);
  const action = hasAccount ? 'Open this link to accept the invitation:' : 'Open this link to choose your password and create your account:';
  return {
    to,
    subject: `${inviter} invited you to ${organisation} on Signpost`,
    text:
      `Hello,\n\n` +
      `${inviter} invited you to join ${organisation} on Signpost${asRole}. ${action}\n\n` +
      `${link}\n\n` +
      `The link works once and expires on ${until}. If you did not expect this invitation, ignore this mail.\n`,
    html:
      `<p>Hello,</p>` +
      `<p>${escapeHtml(inviter)} invited you to join ${escapeHtml(organisation)} on Signpost${escapeHtml(asRole)}. ${escapeHtml(action)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>The link works once and expires on ${until}. If you did not expect this invitation, ignore this mail.</p>`,
  };
}

/**
 * The link confirming a new e-mail address (issue 10, item 2), sent to that new address: following
 * it is what makes the change. `until` is when it stops working.
 */
export function emailChangeMail(to: string, name: string, link: string, until: Date): MailMessage {
  const expires = until.toISOString().slice(0, 16).replace('T', ' ');
  return {
    to,
    subject: 'Confirm your new Signpost email',
    text:
      `Hello ${name},\n\n` +
      `Someone asked to use this address for a Signpost account. Open this link to confirm it:\n\n` +
      `${link}\n\n` +
      `The link works once, until ${expires} UTC. Until then the account keeps its previous address. If you did not ask for this, ignore this mail.\n`,
    html:
      `<p>Hello ${escapeHtml(name)},</p>` +
      `<p>Someone asked to use this address for a Signpost account. Open this link to confirm it:</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>The link works once, until ${expires} UTC. Until then the account keeps its previous address. If you did not ask for this, ignore this mail.</p>`,
  };
}
