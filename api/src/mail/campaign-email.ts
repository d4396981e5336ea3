import { textOnColor, type EmailBlock, type EmailLanguage } from 'contracts';

/*
 * A campaign e-mail as its recipient gets it: the document's blocks (text, image, button) written as
 * MJML, which MJML turns into the table-based, inline-styled HTML mail clients render (Outlook
 * included), plus a text alternative; personalised per recipient; with its tracking pixel, its links
 * rewritten through the API's click redirect, and a visible unsubscribe link.
 */

/** The person an e-mail is personalised for (a client member). */
export interface EmailPerson {
  memberId: string;
  username: string | null;
  email: string | null;
  attributes: Record<string, string | number | boolean | null>;
}

/** Where a recipient's links go (absent for previews and tests to oneself: links stay as written). */
export interface EmailLinks {
  open: string;
  click: (url: string) => string;
  unsubscribe: string;
}

export interface RenderableEmail {
  subject: string;
  preheader: string;
  language: EmailLanguage;
  content: EmailBlock[];
}

const FOOTER: Record<EmailLanguage, { why: (site: string) => string; unsubscribe: string }> = {
  en: { why: (site) => `You receive this e-mail as a user of ${site}.`, unsubscribe: 'Unsubscribe' },
  fr: { why: (site) => `Vous recevez cet e-mail en tant qu'utilisateur de ${site}.`, unsubscribe: 'Se désabonner' },
  ar: { why: (site) => `تصلك هذه الرسالة بصفتك مستخدمًا لـ ${site}.`, unsubscribe: 'إلغاء الاشتراك' },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `{{field|fallback}}`: a person's value, else the fallback (else nothing). */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*(?:\|([^}]*))?\}\}/g;

/** The first name a username suggests ("amina.haddad" → "Amina"). */
function firstNameOf(username: string | null): string {
  const first = (username ?? '').trim().split(/[\s._-]+/)[0] ?? '';
  return first ? first.charAt(0).toUpperCase() + first.slice(1) : '';
}

/** The value of a placeholder's field for a person ('' when unknown or empty). */
function valueOf(field: string, person: EmailPerson | null): string {
  if (!person) return '';
  switch (field) {
    case 'firstName':
      return firstNameOf(person.username);
    case 'name':
      return person.username ?? '';
    case 'email':
      return person.email ?? '';
    case 'memberId':
      return person.memberId;
    default: {
      const v = Object.hasOwn(person.attributes, field) ? person.attributes[field] : null;
      return v === null || v === undefined ? '' : String(v);
    }
  }
}

/** Fills the placeholders of a text for a person (null: everyone's fallbacks, as in a test to oneself). */
export function personalise(text: string, person: EmailPerson | null): string {
  return text.replace(PLACEHOLDER, (_, field: string, fallback: string | undefined) => valueOf(field, person) || (fallback ?? '').trim());
}

/** The e-mail's own link addresses (the click redirect refuses every other one). */
export function linksOf(doc: { content: EmailBlock[] }, baseUrl: string): string[] {
  return doc.content.flatMap((b) => (b.kind === 'button' && b.url ? [absolute(b.url, baseUrl)] : []));
}

/** An uploaded file's path (`/uploads/…`) is served by the API: mail clients need its whole address. */
const absolute = (url: string, baseUrl: string) => (url.startsWith('/') ? `${baseUrl}${url}` : url);

/** Async: MJML's next major renders asynchronously, and this one's types already say so. */
export async function renderCampaignEmail(
  doc: RenderableEmail,
  person: EmailPerson | null,
  options: { baseUrl: string; siteName: string; links: EmailLinks | null },
): Promise<{ subject: string; html: string; text: string }> {
  const lang = doc.language;
  const rtl = lang === 'ar';
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const fill = (s: string) => personalise(s, person);
  const href = (url: string) => {
    const target = absolute(url, options.baseUrl);
    return options.links ? options.links.click(target) : target;
  };
  const footer = FOOTER[lang];

  const blocks = doc.content.map((b) => {
    switch (b.kind) {
      case 'text': {
        const align = b.align === 'center' ? 'center' : b.align === 'end' ? end : start;
        const html = fill(b.text).split('\n').map(escapeHtml).join('<br />');
        return `<mj-text align="${align}" font-size="16px" line-height="1.5" css-class="sp-text">${html}</mj-text>`;
      }
      case 'image':
        return `<mj-image src="${escapeHtml(absolute(b.url, options.baseUrl))}" alt="${escapeHtml(fill(b.alt))}" />`;
      case 'button':
        return `<mj-button href="${escapeHtml(href(b.url))}" background-color="${escapeHtml(b.color)}" color="${textOnColor(b.color)}" font-size="16px" align="${start}">${escapeHtml(fill(b.label))}</mj-button>`;
    }
  });
  const unsubscribe = options.links?.unsubscribe;
  const footerHtml =
    `${escapeHtml(footer.why(options.siteName))}` +
    (unsubscribe ? ` <a href="${escapeHtml(unsubscribe)}" style="color:#555555">${footer.unsubscribe}</a>` : '');
  const pixel = options.links
    ? `<mj-raw><img src="${escapeHtml(options.links.open)}" width="1" height="1" alt="" style="display:block;border:0" /></mj-raw>`
    : '';
  const subject = fill(doc.subject);
  const source = `<mjml lang="${lang}" dir="${rtl ? 'rtl' : 'ltr'}">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    ${doc.preheader ? `<mj-preview>${escapeHtml(fill(doc.preheader))}</mj-preview>` : ''}
    <mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" /></mj-attributes>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      @media (prefers-color-scheme: dark) {
        .sp-body, .sp-body > div { background: #1f1f1f !important; }
        .sp-text div { color: #f0f0f0 !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="#ffffff" css-class="sp-body">
    <mj-wrapper padding="16px 0" css-class="sp-body">
      <mj-section direction="${rtl ? 'rtl' : 'ltr'}"><mj-column>
        ${blocks.join('\n        ')}
      </mj-column></mj-section>
      <mj-section><mj-column>
        <mj-text align="${start}" font-size="12px" color="#555555" css-class="sp-text">${footerHtml}</mj-text>
      </mj-column></mj-section>
      ${pixel}
    </mj-wrapper>
  </mj-body>
</mjml>`;
  // Loaded on the first campaign e-mail only: MJML pulls in several hundred modules (lodash, clean-css,
  // cheerio, juice, …) that an API serving no campaign never needs at start.
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(source, { validationLevel: 'soft', minify: false });

  const text = [
    ...doc.content.flatMap((b) => {
      if (b.kind === 'text') return [fill(b.text)];
      if (b.kind === 'button') return [`${fill(b.label)}: ${href(b.url)}`];
      return b.alt ? [`[${fill(b.alt)}]`] : [];
    }),
    '--',
    footer.why(options.siteName) + (unsubscribe ? `\n${footer.unsubscribe}: ${unsubscribe}` : ''),
  ].join('\n\n');
  return { subject, html, text: text + '\n' };
}
