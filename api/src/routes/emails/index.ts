import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  clickEmailLinkCall,
  countEmailRecipientsCall,
  EMAIL_LINK_REFUSED_MESSAGE,
  EMAIL_NO_ADDRESS_MESSAGE,
  EMAIL_TEST_SENT_MESSAGE,
  EMAIL_UNSUBSCRIBE_NOT_FOUND_MESSAGE,
  EXPLAIN_PERSON_NOT_FOUND_MESSAGE,
  getEmailStatsCall,
  getPersonEmailStatusCall,
  listEmailRecipientsCall,
  openEmailPixelCall,
  previewEmailCall,
  sendTestEmailCall,
  unsubscribeCall,
  unsubscribePageCall,
  type EmailBody,
  type EmailDocument,
  type EmailLanguage,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { languageOf, translateMessage } from '../../i18n/messages';
import { badRequest, notFound } from '../../lib/errors';
import { linksOf, renderCampaignEmail } from '../../mail/campaign-email';
import { activeWebsiteOf, caller } from '../../plugins/access';
import { siteNameOf } from '../../services/email-sender';
import { accountsStore } from '../../stores/accounts';
import { campaignsStore } from '../../stores/campaigns';
import { emailsStore } from '../../stores/emails';
import { emailRules } from '../../services/campaign-kinds';
import type { KindHooks } from '../campaigns';

/** The API's public address, as the e-mail's links must name it: configured, never the request's Host. */
const apiBaseOf = (ctx: AppContext) => ctx.config.apiBaseUrl;

/** The sender line of an e-mail: its sender name (else the configured one) with the configured address. */
function senderOf(ctx: AppContext, name: string): string {
  const address = /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom.trim();
  const configuredName = /^(.*?)\s*</.exec(ctx.config.mailFrom)?.[1]?.replace(/^"|"$/g, '') ?? '';
  const shown = name || configuredName;
  return shown ? `${shown} <${address}>` : address;
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const PAGE_TEXT: Record<EmailLanguage, { title: string; ask: string; button: string; done: string }> = {
  en: {
    title: 'Unsubscribe',
    ask: 'Stop receiving these e-mails?',
    button: 'Unsubscribe',
    done: 'You are unsubscribed: you will receive no more of these e-mails.',
  },
  fr: {
    title: 'Désabonnement',
    ask: 'Ne plus recevoir ces e-mails ?',
    button: 'Se désabonner',
    done: 'Vous êtes désabonné : vous ne recevrez plus ces e-mails.',
  },
  ar: { title: 'إلغاء الاشتراك', ask: 'إيقاف تلقي هذه الرسائل؟', button: 'إلغاء الاشتراك', done: 'تم إلغاء اشتراكك: لن تصلك هذه الرسائل بعد الآن.' },
};

/** A small page in the e-mail's language (no script, no style: the API's CSP allows none). */
function page(reply: FastifyReply, lang: EmailLanguage, body: string, status = 200) {
  const t = PAGE_TEXT[lang];
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${t.title}</title></head><body>${body}</body></html>`,
    );
}

/**
 * What publishing and cancelling an e-mail also do (the generic campaign routes run them in the
 * action's transaction): publishing orders its sending, with the API's public address its links
 * name; cancelling stops what is not sent yet.
 */
export function emailHooks(ctx: AppContext): KindHooks {
  return {
    afterPublish: (tx, request, id) => emailsStore(tx).orderSend(id, activeWebsiteOf(request).id, apiBaseOf(ctx)),
    afterCancel: (tx, _request, id) => emailsStore(tx).cancelPending(id),
  };
}

/**
 * E-mail campaigns: the campaigns' calls under /api/emails (one generic implementation, the `email`
 * permission resource), publishing orders the sending and cancelling stops it; the figures, the
 * editor's preview, recipients count and test; and the recipient's links (open pixel, click
 * redirect, unsubscribe).
 */
export function emailRoutes(app: FastifyInstance, ctx: AppContext) {
  const own = async (request: FastifyRequest, id: string) => campaignsStore(ctx.db, activeWebsiteOf(request), emailRules).assertOwn(id);

  serve(app, getEmailStatsCall, async (request) => {
    await own(request, request.params.id);
    return { data: await emailsStore(ctx.db).stats(request.params.id) };
  });

  serve(app, listEmailRecipientsCall, async (request) => {
    await own(request, request.params.id);
    return emailsStore(ctx.db).recipients(request.params.id, request.query);
  });

  serve(app, getPersonEmailStatusCall, async (request) => {
    const status = await emailsStore(ctx.db).personStatus(activeWebsiteOf(request).id, request.params.id);
    if (!status) throw notFound(EXPLAIN_PERSON_NOT_FOUND_MESSAGE);
    return { data: status };
  });

  serve(app, previewEmailCall, async (request) => {
    const website = activeWebsiteOf(request);
    const doc = request.body as EmailBody as EmailDocument;
    const rendered = await renderCampaignEmail(doc, null, { baseUrl: apiBaseOf(ctx), siteName: await siteNameOf(ctx.db, website.id), links: null });
    return { data: { ...rendered, from: senderOf(ctx, doc.senderName) } };
  });

  serve(app, countEmailRecipientsCall, async (request) => ({
    data: { count: await emailsStore(ctx.db).countRecipients(activeWebsiteOf(request).id, request.body) },
  }));

  // The working copy, as saved, to the caller's own address; placeholders show their fallbacks.
  serve(app, sendTestEmailCall, async (request, reply) => {
    const website = activeWebsiteOf(request);
    const doc = (await campaignsStore(ctx.db, website, emailRules).view(request.params.id)) as unknown as EmailDocument;
    const me = await accountsStore(ctx.db).credentials(caller(request).userId);
    if (!me?.email) throw badRequest(EMAIL_NO_ADDRESS_MESSAGE);
    const rendered = await renderCampaignEmail(doc, null, { baseUrl: apiBaseOf(ctx), siteName: await siteNameOf(ctx.db, website.id), links: null });
    ctx.mailer.send({ to: me.email, subject: `[Test] ${rendered.subject}`, html: rendered.html, text: rendered.text, fromName: doc.senderName || undefined });
    return reply.code(202).send({ message: translateMessage(EMAIL_TEST_SENT_MESSAGE, languageOf(request.headers['accept-language']), { name: me.email }) });
  });

  // --- The recipient's side: the token in the link is the only proof needed. -------------------

  serve(app, openEmailPixelCall, async (request, reply) => {
    const found = await emailsStore(ctx.db).byToken(request.params.token);
    if (found) await emailsStore(ctx.db).recordOpen(found.job.id, new Date(ctx.clock.now()));
    // The same pixel whatever the token: a bad one learns nothing.
    return reply.code(200).type('image/gif').header('Cache-Control', 'no-store').send(PIXEL);
  });

  serve(app, clickEmailLinkCall, async (request, reply) => {
    const found = await emailsStore(ctx.db).byToken(request.params.token);
    if (!found) throw notFound(EMAIL_UNSUBSCRIBE_NOT_FOUND_MESSAGE);
    const sends = await emailsStore(ctx.db).sendOrder(found.job.contentId);
    // Only the e-mail's own links: the redirect is never an open redirect for anyone's URL.
    const own = linksOf(found.document as unknown as EmailDocument, sends?.baseUrl ?? '');
    if (!own.includes(request.query.url)) throw badRequest(EMAIL_LINK_REFUSED_MESSAGE, { url: EMAIL_LINK_REFUSED_MESSAGE });
    await emailsStore(ctx.db).recordClick(found.job.id, new Date(ctx.clock.now()));
    return reply.code(302).header('Location', request.query.url).header('Cache-Control', 'no-store').send();
  });

  serve(app, unsubscribePageCall, async (request, reply) => {
    const found = await emailsStore(ctx.db).byToken(request.params.token);
    if (!found) throw notFound(EMAIL_UNSUBSCRIBE_NOT_FOUND_MESSAGE);
    const lang = (found.document as { language?: EmailLanguage }).language ?? 'en';
    const t = PAGE_TEXT[lang];
    if (found.job.unsubscribedAt) return page(reply, lang, `<p>${t.done}</p>`);
    return page(reply, lang, `<form method="post"><p>${t.ask}</p><button type="submit">${t.button}</button></form>`);
  });

  // RFC 8058: mailbox providers POST `List-Unsubscribe=One-Click` here; the page's button posts too.
  // Whatever the body, a POST to a valid token unsubscribes (the token is the proof).
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    serve(scope, unsubscribeCall, async (request, reply) => {
      const found = await emailsStore(ctx.db).byToken(request.params.token);
      if (!found) throw notFound(EMAIL_UNSUBSCRIBE_NOT_FOUND_MESSAGE);
      await ctx.db.transaction((tx) => emailsStore(tx).unsubscribe(found.job, new Date(ctx.clock.now())));
      const lang = (found.document as { language?: EmailLanguage }).language ?? 'en';
      return page(reply, lang, `<p>${PAGE_TEXT[lang].done}</p>`);
    });
  });
}
