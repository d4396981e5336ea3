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
