import { z } from 'zod';
import { defineCall, PUBLIC_ACCESS } from './call';
import { idParamSchema, pagedSchema } from './common';
import { emailKind } from './content-kinds';
import {
  emailAudienceBodySchema,
  emailBodySchema,
  emailClickQuerySchema,
  emailRecipientSchema,
  emailRecipientsQuerySchema,
  emailRenderedSchema,
  emailStatsSchema,
  emailTokenParamSchema,
  personEmailStatusSchema,
} from './emails';
import { kindAccess, KIND_CALL_ERRORS } from './kind-calls';

/*
 * The calls of e-mail campaigns: the kind's own (its descriptor's, content-kinds.ts: list, get,
 * create, update, delete, bulk delete, duplicate, cancel, publish, schedule, discard, versions),
 * then what only e-mails have: figures, recipients, preview, recipients count, a test to oneself, a
 * person's standing, and the recipient's links (open pixel, click redirect, unsubscribe).
 */

// ---------------------------------------------------------------------------------------------
// The kind's calls (its descriptor's), and the e-mail's own beside them, under the kind's path
// ---------------------------------------------------------------------------------------------

export const emailCalls = emailKind.calls;

export const listEmailsCall = emailCalls.list;
export const getEmailCall = emailCalls.get;
export const createEmailCall = emailCalls.create;
export const updateEmailCall = emailCalls.update;
export const deleteEmailCall = emailCalls.delete;
export const deleteEmailsCall = emailCalls.deleteMany;
export const duplicateEmailCall = emailCalls.duplicate;
export const cancelEmailCall = emailCalls.cancel;
export const publishEmailCall = emailCalls.publish;
export const scheduleEmailCall = emailCalls.schedule;
export const discardEmailDraftCall = emailCalls.discardDraft;
export const listEmailVersionsCall = emailCalls.listVersions;
export const restoreEmailVersionCall = emailCalls.restoreVersion;

const ERRORS = KIND_CALL_ERRORS;

export const getEmailStatsCall = defineCall({
  method: 'GET',
  path: `${emailKind.path}/:id/stats`,
  access: kindAccess('get', emailKind.resource),
  summary: 'The figures of an e-mail: recipients, sent, failed, opened, clicked, unsubscribed',
  tag: 'emails',
  params: idParamSchema,
  response: z.object({ data: emailStatsSchema }),
  errors: ERRORS,
});

/** Rendering changes nothing: the editor's preview (its working copy, with a sample person). */
export const previewEmailCall = defineCall({
  method: 'POST',
  path: `${emailKind.path}/preview`,
  access: kindAccess('get', emailKind.resource),
  summary: 'Render an e-mail document as its recipients would get it (HTML and text), for a sample person',
  tag: 'emails',
  body: emailBodySchema,
  response: z.object({ data: emailRenderedSchema }),
  errors: [400, 401, 403] as const,
});

export const countEmailRecipientsCall = defineCall({
  method: 'POST',
  path: `${emailKind.path}/recipients`,
  access: kindAccess('get', emailKind.resource),
  summary: 'How many people an e-mail with this targeting would reach now: identified, with an address, not unsubscribed',
  tag: 'emails',
  body: emailAudienceBodySchema,
  response: z.object({ data: z.object({ count: z.number().int() }) }),
  errors: [400, 401, 403] as const,
});

/** "Send a test to me": the saved working copy, to the caller's own address, personalised with fallbacks. */
export const sendTestEmailCall = defineCall({
  method: 'POST',
  path: `${emailKind.path}/:id/test`,
  access: kindAccess('update', emailKind.resource),
  summary: "Send the e-mail's working copy to the caller's own address (placeholders show their fallbacks)",
  tag: 'emails',
  params: idParamSchema,
  status: 202,
  response: z.object({ message: z.string() }),
  errors: [400, 401, 403, 404] as const,
});

/** The recipient's side: no sign-in, the token in the link is the proof. */
export const openEmailPixelCall = defineCall({
  method: 'GET',
  path: '/api/public/emails/open/:token',
  access: PUBLIC_ACCESS,
  summary: "An e-mail's tracking pixel (a 1×1 GIF): the recipient's first load counts an open",
  tag: 'emails',
  params: emailTokenParamSchema,
  answer: 'file',
  errors: [400],
});

export const clickEmailLinkCall = defineCall({
  method: 'GET',
  path: '/api/public/emails/click/:token',
  access: PUBLIC_ACCESS,
  summary: "Follow a link of an e-mail (counted once per recipient): redirects only to that e-mail's own links",
  tag: 'emails',
  params: emailTokenParamSchema,
  query: emailClickQuerySchema,
  answer: 'file',
  errors: [400, 404],
});

export const unsubscribePageCall = defineCall({
  method: 'GET',
  path: '/api/public/emails/unsubscribe/:token',
  access: PUBLIC_ACCESS,
  summary: 'The unsubscribe page of an e-mail (a button; a GET never unsubscribes, so link scanners do not)',
  tag: 'emails',
  params: emailTokenParamSchema,
  answer: 'file',
  errors: [400, 404],
});

export const unsubscribeCall = defineCall({
  method: 'POST',
  path: '/api/public/emails/unsubscribe/:token',
  access: PUBLIC_ACCESS,
  summary: "One-click unsubscribe (RFC 8058, body List-Unsubscribe=One-Click) or the page's button: no more e-mail from this website",
  tag: 'emails',
  params: emailTokenParamSchema,
  answer: 'file',
  errors: [400, 404],
});

export const getPersonEmailStatusCall = defineCall({
  method: 'GET',
  path: `${emailKind.path}/people/:id`,
  access: kindAccess('get', emailKind.resource),
  summary: "A person's e-mail standing: their address and whether they unsubscribed or bounced",
  tag: 'emails',
  params: idParamSchema,
  response: z.object({ data: personEmailStatusSchema }),
  errors: ERRORS,
});

export const listEmailRecipientsCall = defineCall({
  method: 'GET',
  path: `${emailKind.path}/:id/recipients`,
  access: kindAccess('get', emailKind.resource),
  summary: 'The recipients of an e-mail, newest first: each one’s delivery, open, click and unsubscribe',
  tag: 'emails',
  params: idParamSchema,
  query: emailRecipientsQuerySchema,
  response: pagedSchema(emailRecipientSchema),
  errors: ERRORS,
});
