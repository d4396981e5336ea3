import type { Lang } from '../i18n/messages';
import type { MailMessage } from './mailer';

/**
 * Mail bodies in the reader's language (en, fr, ar; the HTML part of an Arabic mail reads right to
 * left). The language is the one of the request that sends the mail (`accept-language`, see
 * `languageOf`): the person asking for a reset or confirming an address reads their own language;
 * an invitation goes out in the inviter's language, the only one known for someone without an
 * account yet. Every mail carries its link in both the text and HTML parts.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A date (and time) as the reader writes it, in UTC as the links expire in UTC. */
const formatDay = (date: Date, lang: Lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
const formatMoment = (date: Date, lang: Lang) =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/** A mail from its paragraphs (plain text, escaped for the HTML part) with the link after the first. */
function compose(to: string, lang: Lang, subject: string, paragraphs: { before: string[]; link: string; after: string[] }): MailMessage {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  return {
    to,
    subject,
    text: [...paragraphs.before, paragraphs.link, ...paragraphs.after].join('\n\n') + '\n',
    html:
      `<div lang="${lang}" dir="${dir}">` +
      paragraphs.before.map(p).join('') +
      `<p><a href="${escapeHtml(paragraphs.link)}">${escapeHtml(paragraphs.link)}</a></p>` +
      paragraphs.after.map(p).join('') +
      `</div>`,
  };
}

const RESET = {
  en: {
    subject: 'Reset your Signpost password',
    hello: (name: string) => `Hello ${name},`,
    body: 'Someone asked to reset the password of your Signpost account. Open this link within one hour to choose a new password:',
    after: 'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Signpost',
    hello: (name: string) => `Bonjour ${name},`,
    body: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Signpost. Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :',
    after: 'Le lien ne fonctionne qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Signpost',
    hello: (name: string) => `مرحبًا ${name}،`,
    body: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك على Signpost. افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:',
    after: 'يعمل الرابط مرة واحدة فقط. إذا لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
} satisfies Record<Lang, unknown>;

export function passwordResetMail(to: string, name: string, link: string, lang: Lang = 'en'): MailMessage {
  const m = RESET[lang];
  return compose(to, lang, m.subject, { before: [m.hello(name), m.body], link, after: [m.after] });
}

type InvitationFacts = { organisation: string; inviter: string; role: string | null; link: string; expiresAt: Date; hasAccount: boolean };

const INVITATION = {
  en: {
    subject: (f: InvitationFacts) => `${f.inviter} invited you to ${f.organisation} on Signpost`,
    hello: 'Hello,',
    invited: (f: InvitationFacts) => `${f.inviter} invited you to join ${f.organisation} on Signpost${f.role ? ` as ${f.role}` : ''}.`,
    accept: 'Open this link to accept the invitation:',
    create: 'Open this link to choose your password and create your account:',
    after: (until: string) => `The link works once and expires on ${until}. If you did not expect this invitation, ignore this mail.`,
  },
  fr: {
    subject: (f: InvitationFacts) => `${f.inviter} vous invite à rejoindre ${f.organisation} sur Signpost`,
    hello: 'Bonjour,',
    invited: (f: InvitationFacts) => `${f.inviter} vous invite à rejoindre ${f.organisation} sur Signpost${f.role ? ` en tant que ${f.role}` : ''}.`,
    accept: 'Ouvrez ce lien pour accepter l’invitation :',
    create: 'Ouvrez ce lien pour choisir votre mot de passe et créer votre compte :',
    after: (until: string) => `Le lien ne fonctionne qu’une fois et expire le ${until}. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
  },
  ar: {
    subject: (f: InvitationFacts) => `دعاك ${f.inviter} للانضمام إلى ${f.organisation} على Signpost`,
    hello: 'مرحبًا،',
    invited: (f: InvitationFacts) => `دعاك ${f.inviter} للانضمام إلى ${f.organisation} على Signpost${f.role ? ` بدور ${f.role}` : ''}.`,
    accept: 'افتح هذا الرابط لقبول الدعوة:',
    create: 'افتح هذا الرابط لاختيار كلمة المرور وإنشاء حسابك:',
    after: (until: string) => `يعمل الرابط مرة واحدة وتنتهي صلاحيته في ${until}. إذا لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة.`,
  },
} satisfies Record<Lang, unknown>;

/**
 * An invitation into an organisation. `link` is either /confirm (no account yet: the invitee chooses
 * a password) or /workspace/invitations/{id} (an existing account accepts); it works once, until
 * `expiresAt`.
 */
export function invitationMail(to: string, facts: InvitationFacts, lang: Lang = 'en'): MailMessage {
  const m = INVITATION[lang];
  return compose(to, lang, m.subject(facts), {
    before: [m.hello, `${m.invited(facts)} ${facts.hasAccount ? m.accept : m.create}`],
    link: facts.link,
    after: [m.after(formatDay(facts.expiresAt, lang))],
  });
}

const EMAIL_CHANGE = {
  en: {
    subject: 'Confirm your new Signpost email',
    hello: (name: string) => `Hello ${name},`,
    body: 'Someone asked to use this address for a Signpost account. Open this link to confirm it:',
    after: (until: string) =>
      `The link works once, until ${until}. Until then the account keeps its previous address. If you did not ask for this, ignore this mail.`,
  },
  fr: {
    subject: 'Confirmez votre nouvel e-mail Signpost',
    hello: (name: string) => `Bonjour ${name},`,
    body: 'Quelqu’un a demandé à utiliser cette adresse pour un compte Signpost. Ouvrez ce lien pour la confirmer :',
    after: (until: string) =>
      `Le lien ne fonctionne qu’une fois, jusqu’au ${until}. D’ici là, le compte garde son adresse précédente. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.`,
  },
  ar: {
    subject: 'تأكيد بريدك الإلكتروني الجديد على Signpost',
    hello: (name: string) => `مرحبًا ${name}،`,
    body: 'طلب أحدهم استخدام هذا العنوان لحساب على Signpost. افتح هذا الرابط لتأكيده:',
    after: (until: string) => `يعمل الرابط مرة واحدة حتى ${until}. حتى ذلك الحين يحتفظ الحساب بعنوانه السابق. إذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
  },
} satisfies Record<Lang, unknown>;

/**
 * The link confirming a new e-mail address, sent to that new address: following
 * it is what makes the change. `until` is when it stops working.
 */
export function emailChangeMail(to: string, name: string, link: string, until: Date, lang: Lang = 'en'): MailMessage {
  const m = EMAIL_CHANGE[lang];
  return compose(to, lang, m.subject, { before: [m.hello(name), m.body], link, after: [m.after(formatMoment(until, lang))] });
}

type AccountElsewhereFacts = { organisation: string; inviter: string; link: string };

const ACCOUNT_ELSEWHERE = {
  en: {
    subject: (f: AccountElsewhereFacts) => `${f.inviter} tried to add you to ${f.organisation} on Signpost`,
    hello: 'Hello,',
    body: (f: AccountElsewhereFacts) =>
      `${f.inviter} tried to add this address to ${f.organisation} on Signpost, but it already has a Signpost account, and an account belongs to one organisation: nothing was changed. You can sign in to your account here:`,
    after: 'If you want to join them, give them another address. If you did not expect this, ignore this mail.',
  },
  fr: {
    subject: (f: AccountElsewhereFacts) => `${f.inviter} a essayé de vous ajouter à ${f.organisation} sur Signpost`,
    hello: 'Bonjour,',
    body: (f: AccountElsewhereFacts) =>
      `${f.inviter} a essayé d’ajouter cette adresse à ${f.organisation} sur Signpost, mais elle a déjà un compte Signpost, et un compte appartient à une seule organisation : rien n’a été modifié. Vous pouvez vous connecter à votre compte ici :`,
    after: 'Si vous souhaitez les rejoindre, donnez-leur une autre adresse. Si vous ne vous attendiez pas à ce message, ignorez-le.',
  },
  ar: {
    subject: (f: AccountElsewhereFacts) => `حاول ${f.inviter} إضافتك إلى ${f.organisation} على Signpost`,
    hello: 'مرحبًا،',
    body: (f: AccountElsewhereFacts) =>
      `حاول ${f.inviter} إضافة هذا العنوان إلى ${f.organisation} على Signpost، لكن لديه حساب على Signpost بالفعل، والحساب ينتمي إلى مؤسسة واحدة فقط: لم يتغير شيء. يمكنك تسجيل الدخول إلى حسابك من هنا:`,
    after: 'إذا أردت الانضمام إليهم فأعطهم عنوانًا آخر. إذا لم تكن تتوقع هذه الرسالة فتجاهلها.',
  },
} satisfies Record<Lang, unknown>;

/**
 * To an address a member tried to add to their organisation (POST /api/users/org) while it has an
 * account in another one: the member is not told (the answer is the same as for a new account), the
 * mailbox's holder is. `link` is the console's sign-in page.
 */
export function accountElsewhereMail(to: string, facts: AccountElsewhereFacts, lang: Lang = 'en'): MailMessage {
  const m = ACCOUNT_ELSEWHERE[lang];
  return compose(to, lang, m.subject(facts), { before: [m.hello, m.body(facts)], link: facts.link, after: [m.after] });
}

const REPLY = {
  en: {
    subject: (site: string) => `An answer from ${site}`,
    intro: (site: string) => `The team of ${site} answered your message:`,
    link: 'Open the website to continue the conversation:',
  },
  fr: {
    subject: (site: string) => `Une réponse de ${site}`,
    intro: (site: string) => `L’équipe de ${site} a répondu à votre message :`,
    link: 'Ouvrez le site pour poursuivre la conversation :',
  },
  ar: {
    subject: (site: string) => `رد من ${site}`,
    intro: (site: string) => `ردّ فريق ${site} على رسالتك:`,
    link: 'افتح الموقع لمتابعة المحادثة:',
  },
} satisfies Record<Lang, unknown>;

/** A staff answer to an anonymous visitor who left an address in the messenger. */
export function conversationReplyMail(to: string, facts: { website: string; answer: string; link: string }, lang: Lang = 'en'): MailMessage {
  const m = REPLY[lang];
  return compose(to, lang, m.subject(facts.website), { before: [m.intro(facts.website), facts.answer, m.link], link: facts.link, after: [] });
}

type WebhookDisabledFacts = { url: string; failures: number; link: string };

const WEBHOOK_DISABLED = {
  en: {
    subject: 'A Signpost webhook endpoint was disabled',
    hello: 'Hello,',
    body: (f: WebhookDisabledFacts) =>
      `The webhook endpoint ${f.url} failed ${f.failures} times in a row, so Signpost stopped sending to it. Check the receiver, then turn the endpoint on again:`,
    after: 'Events that happen while it is off are not sent to it.',
  },
  fr: {
    subject: 'Un point de terminaison webhook Signpost a été désactivé',
    hello: 'Bonjour,',
    body: (f: WebhookDisabledFacts) =>
      `Le point de terminaison webhook ${f.url} a échoué ${f.failures} fois de suite : Signpost ne lui envoie plus rien. Vérifiez le récepteur, puis réactivez le point de terminaison :`,
    after: 'Les événements survenus pendant qu’il est désactivé ne lui sont pas envoyés.',
  },
  ar: {
    subject: 'تم تعطيل نقطة استقبال Webhook في Signpost',
    hello: 'مرحبًا،',
    body: (f: WebhookDisabledFacts) =>
      `فشلت نقطة استقبال الـWebhook ‏${f.url} ‏${f.failures} مرة متتالية، لذلك توقف Signpost عن الإرسال إليها. تحقق من المستقبِل ثم أعد تفعيل النقطة:`,
    after: 'الأحداث التي تقع أثناء تعطيلها لا تُرسل إليها.',
  },
} satisfies Record<Lang, unknown>;

/** Tells an endpoint's creator that it was disabled after failing too often in a row. */
export function webhookDisabledMail(to: string, facts: WebhookDisabledFacts, lang: Lang = 'en'): MailMessage {
  const m = WEBHOOK_DISABLED[lang];
  return compose(to, lang, m.subject, { before: [m.hello, m.body(facts)], link: facts.link, after: [m.after] });
}
