import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inOrganisation, PUBLIC_ACCESS } from './call';
import { idParamSchema, messageSchema } from './common';
import { bannerDocumentSchema, popupDocumentSchema, pushNotificationDocumentSchema } from './campaigns';
import { VISITOR_DEVICES } from './events';
import { SCRIPT_PATHS } from './script';
import { msg } from './message-code';
import { isTimeZone } from './stats';

/**
 * The calls of the website script (issue 12): what a customer's page asks and reports. They are
 * public (the website's public key in the path names the website; it is not a secret, it ships in
 * the page), answer CORS to any origin, refuse pages whose origin is not the website's domain, and
 * are rate-limited per key and address across API processes.
 *
 * POST bodies are also accepted as `text/plain` holding JSON, so the script never needs a CORS
 * preflight and `navigator.sendBeacon` can flush events on `pagehide`.
 */

export const websiteKeyParamsSchema = z.object({ websiteKey: z.string().trim().min(1).max(LIMITS.websiteKeyMax) });

/** A visitor id the script makes and keeps in the page's storage (anonymous until `identify`). */
export const visitorIdSchema = z
  .string({ error: msg('validation.visitorIdRequired') })
  .trim()
  .min(1, msg('validation.visitorIdRequired'))
  .max(LIMITS.visitorIdMax, msg('validation.visitorIdTooLong'));

/** Interruptive items (popups, push notifications; later tours) one visitor sees a day, unless the website says otherwise. */
export const DEFAULT_INTERRUPTIONS_PER_DAY = 3;
export const MAX_INTERRUPTIONS_PER_DAY = LIMITS.interruptionsPerDayMax;

// ---------------------------------------------------------------------------------------------
// What to show now
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/public/{websiteKey}/content: the content this visitor should see on this page now, decided
 * by the server (status, dates, device, groups, saved and dynamic audiences, page rule, fatigue cap,
 * replay). A GET with a query so the browser sends it without a preflight. It also records the
 * installation heartbeat (page origin, script version).
 */
export const scriptContentQuerySchema = z.object({
  visitorId: visitorIdSchema,
  /** The page's full address (the page rules match on it). */
  url: z.string().trim().min(1, msg('validation.urlRequired')).max(LIMITS.urlMax, msg('validation.urlTooLong')),
  device: z.enum(VISITOR_DEVICES).default('web'),
  /** The script's version, for the installation check. */
  v: z.string().trim().max(LIMITS.scriptVersionMax).optional(),
});

/** A popup as a visitor's page needs it: what to render, nothing of its targeting. */
export const scriptPopupSchema = popupDocumentSchema.pick({
  titleOfPopup: true,
  content: true,
  format: true,
  position: true,
  replayType: true,
  popupBackground: true,
  popupBackgroundImage: true,
  emojis: true,
  rules: true,
});
export const scriptBannerSchema = bannerDocumentSchema.pick({
  titleOfBanner: true,
  content: true,
  settings: true,
  showSender: true,
  dismissButton: true,
  actions: true,
});
export const scriptPushSchema = pushNotificationDocumentSchema.pick({ title: true, body: true, icon: true, action: true, audio: true, duration: true });

const itemBase = {
  id: z.string(),
  /** Higher first; the answer is already ordered. */
  priority: z.enum(['low', 'normal', 'high']),
  /** The author's name, for `showSender`. */
  sender: z.string().nullable(),
};
export const scriptItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('popup'), ...itemBase, popup: scriptPopupSchema }),
  z.object({ kind: z.literal('banner'), ...itemBase, banner: scriptBannerSchema }),
  z.object({ kind: z.literal('push'), ...itemBase, push: scriptPushSchema }),
]);
export type ScriptItem = z.infer<typeof scriptItemSchema>;

export const scriptContentAnswerSchema = z.object({
  items: z.array(scriptItemSchema),
  /** The fatigue cap of interruptive items a day for this website, and how many this visitor saw today. */
  interruptions: z.object({ perDay: z.number().int(), today: z.number().int() }),
});
export type ScriptContentAnswer = z.infer<typeof scriptContentAnswerSchema>;

export const getScriptContentCall = defineCall({
  method: 'GET',
  path: SCRIPT_PATHS.content,
  access: PUBLIC_ACCESS,
  summary: 'What to show this visitor on this page now (website script)',
  tag: 'website script',
  params: websiteKeyParamsSchema,
  query: scriptContentQuerySchema,
  response: scriptContentAnswerSchema,
  errors: [400, 403, 404, 429],
  websiteScript: true,
});

// ---------------------------------------------------------------------------------------------
// Identify
// ---------------------------------------------------------------------------------------------

export const UNKNOWN_ATTRIBUTE_MESSAGE = msg('script.unknownAttribute');
export const ATTRIBUTE_TYPE_MESSAGE = msg('script.valueTypeMismatch');
export const ORIGIN_REFUSED_MESSAGE = msg('script.pageNotOnDomain');
export const SCRIPT_RATE_LIMITED_MESSAGE = msg('script.rateLimited');
export const VISITOR_IDENTIFIED_MESSAGE = msg('script.visitorIdentified');
export const WEBSITE_SETTINGS_UPDATED_MESSAGE = msg('script.websiteSettingsUpdated');

/** An attribute value as `signpost('identify', …)` sends it; dates travel as ISO strings. */
export const attributeValueSchema = z.union([
  z.string().max(LIMITS.attributeValueMax, msg('validation.attributeValueTooLong')),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/**
 * POST /api/public/{websiteKey}/identify: the page says who its visitor is. Creates or updates the
 * website's client member (external id → `memberId`), links the visitor id to it, and stores values
 * of the website's people-data attributes; an attribute the website has not declared is refused on
 * `attributes.{name}`, never stored silently.
 */
export const identifyBodySchema = z.object({
  visitorId: visitorIdSchema,
  externalId: z
    .string({ error: msg('validation.externalIdRequired') })
    .trim()
    .min(1, msg('validation.externalIdRequired'))
    .max(LIMITS.externalIdMax, msg('validation.externalIdTooLong')),
  name: z.string().trim().max(LIMITS.personNameMax).optional(),
  email: z.string().trim().max(LIMITS.personEmailMax).optional(),
  attributes: z.record(z.string().trim().min(1).max(LIMITS.attributeNameMax), attributeValueSchema).optional(),
});
export type IdentifyBody = z.input<typeof identifyBodySchema>;
export const identifyAnswerSchema = z.object({ message: z.string(), memberId: z.string() });

export const identifyVisitorCall = defineCall({
  method: 'POST',
  path: SCRIPT_PATHS.identify,
  access: PUBLIC_ACCESS,
  summary: 'Say who the visitor is (website script)',
  tag: 'website script',
  params: websiteKeyParamsSchema,
  body: identifyBodySchema,
  response: identifyAnswerSchema,
  errors: [400, 403, 404, 429],
  websiteScript: true,
});

// ---------------------------------------------------------------------------------------------
// Installation
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/public/install-check with header `x-client-id: <website public key>` (spec section 7):
 * whether the script has reported from a page of the website, and when, from where, which version.
 */
export const installCheckAnswerSchema = z.object({
  app_is_installed: z.boolean(),
  lastSeenAt: z.string().nullable(),
  origin: z.string().nullable(),
  version: z.string().nullable(),
});
export type InstallCheckAnswer = z.infer<typeof installCheckAnswerSchema>;
export const installCheckHeadersSchema = z.object({ 'x-client-id': z.string().trim().min(1, msg('validation.xClientIdRequired')).max(LIMITS.websiteKeyMax) });

export const getInstallCheckCall = defineCall({
  method: 'GET',
  path: SCRIPT_PATHS.installCheck,
  access: PUBLIC_ACCESS,
  summary: 'Has the website script reported from the website? (header x-client-id: public key)',
  tag: 'website script',
  response: installCheckAnswerSchema,
  errors: [400, 404],
});

/** GET /api/websites/{id}/install-snippet (get_websites): the snippet to paste, for that website's key. */
export const installSnippetAnswerSchema = z.object({ snippet: z.string() });
export const getInstallSnippetCall = defineCall({
  method: 'GET',
  path: '/api/websites/:id/install-snippet',
  access: inOrganisation('get_websites'),
  summary: "The website script's snippet for a website",
  tag: 'websites',
  params: idParamSchema,
  response: installSnippetAnswerSchema,
  errors: [400, 401, 403, 404],
});

/** A new website's time zone. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** PUT /api/websites/{id}/settings (create_websites): the website's script settings. */
export const websiteSettingsSchema = z.object({
  interruptionsPerDay: z
    .number({ error: msg('validation.interruptionsPerDayRequired') })
    .int()
    .min(0, msg('validation.interruptionsPerDayRange'))
    .max(MAX_INTERRUPTIONS_PER_DAY, msg('validation.interruptionsPerDayRange'))
    .default(DEFAULT_INTERRUPTIONS_PER_DAY),
  /** The website's time zone (IANA name, e.g. Europe/Paris): schedules are entered and shown in it. */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;
/** What PUT takes: a time zone left out keeps the stored one. */
export const websiteSettingsBodySchema = websiteSettingsSchema.extend({
  timeZone: z
    .string()
    .max(LIMITS.timeZoneMax, msg('validation.timeZoneInvalid'))
    .refine((tz) => tz.length > 0 && isTimeZone(tz), msg('validation.timeZoneInvalid'))
    .optional(),
});
export type WebsiteSettingsBody = z.input<typeof websiteSettingsBodySchema>;
export const updateWebsiteSettingsCall = defineCall({
  method: 'PUT',
  path: '/api/websites/:id/settings',
  access: inOrganisation('create_websites'),
  summary: "Change a website's delivery settings (interruptions a visitor sees a day, time zone)",
  tag: 'websites',
  params: idParamSchema,
  body: websiteSettingsBodySchema,
  response: messageSchema.extend({ data: websiteSettingsSchema }),
  errors: [400, 401, 403, 404],
});
export const getWebsiteSettingsCall = defineCall({
  method: 'GET',
  path: '/api/websites/:id/settings',
  access: inOrganisation('get_websites'),
  summary: "A website's script settings",
  tag: 'websites',
  params: idParamSchema,
  response: z.object({ data: websiteSettingsSchema }),
  errors: [400, 401, 403, 404],
});
