import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inOrganisation, PUBLIC_ACCESS } from './call';
import { idParamSchema, messageSchema, requiredText } from './common';
import { CONTENT_KIND_LIST, type ServedKind, type ServedKindDescriptor } from './content-kinds';
import { VISITOR_DEVICES, VISITOR_TOKEN_MAX } from './events';
import { SCRIPT_PATHS } from './script';
import { progressEntrySchema } from './progress';
import { msg } from './message-code';
import { scriptCall, websiteKeyParamsSchema } from './script-call';
import { isTimeZone } from './stats';
import { scriptDebugAnswerSchema, scriptDebugBodySchema } from './explain';
import { bubbleConfigSchema } from './messenger';

/**
 * The calls of the website script: what a customer's page asks and reports. They are
 * public (the website's public key in the path names the website; it is not a secret, it ships in
 * the page), answer CORS to any origin, refuse pages whose origin is not the website's domain, and
 * are rate-limited per key and address across API processes.
 *
 * POST bodies are also accepted as `text/plain` holding JSON, so the script never needs a CORS
 * preflight and `navigator.sendBeacon` can flush events on `pagehide`.
 */

export { websiteKeyParamsSchema };
export * from './script-documents';

/** A visitor id the script makes and keeps in the page's storage (anonymous until `identify`). */
export const visitorIdSchema = requiredText(msg('validation.visitorIdRequired'), LIMITS.visitorIdMax, msg('validation.visitorIdTooLong'));

/** Interruptive items (popups, push notifications; later tours) one visitor sees a day, unless the website says otherwise. */
export const DEFAULT_INTERRUPTIONS_PER_DAY = 3;
export const MAX_INTERRUPTIONS_PER_DAY = LIMITS.interruptionsPerDayMax;
/**
 * Whether a push notification may show beside an open popup (else interruptive items show one at a
 * time), unless the website says otherwise: one at a time, so a push never sits beside a modal the
 * visitor is busy with.
 */
export const DEFAULT_PUSHES_BESIDE_POPUP = false;
/** Seconds between an interruptive item ending and the next one showing, unless the website says otherwise. */
export const DEFAULT_QUIET_AFTER_CLOSE_SECONDS = 3;

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
  /**
   * The visitor token a previous content call answered, when the page holds one: only a call
   * carrying a valid one (this visitor's, this website's) from a page on the website's domain counts
   * as the installation heartbeat. Invalid or absent, the call is answered all the same.
   */
  token: z.string().trim().max(VISITOR_TOKEN_MAX).optional(),
  /**
   * Comma-separated ids of the interruptive items (popups, push notifications) on the visitor's screen
   * now. The page owns what is open: an item not listed is not open, whatever events are still on
   * their way (a close still in the page's batch must not hold the slot).
   */
  open: z
    .string()
    .trim()
    .max(LIMITS.scriptIdsMax * 40)
    .optional(),
  /** Comma-separated ids of the interruptive items this page has shown (seen, even if their view event is still on its way). */
  seen: z
    .string()
    .trim()
    .max(LIMITS.scriptIdsMax * 40)
    .optional(),
});

const itemBase = {
  id: z.string(),
  /** Higher first; the answer is already ordered. */
  priority: z.enum(['low', 'normal', 'high']),
  /** The author's name, for `showSender`. */
  sender: z.string().nullable(),
  /** Whether it takes the page's one interruptive slot (its kind's descriptor says so): the page keeps no list of its own. */
  interrupts: z.boolean(),
  /** Whether, interrupting, it takes the page whole (else it stacks as a card beside others of its sort). */
  modal: z.boolean(),
};
type ItemBase = { id: string; priority: 'low' | 'normal' | 'high'; sender: string | null; interrupts: boolean; modal: boolean };

/** The document of a served kind as the page receives it (its descriptor's `script`). */
type ScriptDocumentOf<K extends ServedKind> = z.output<ServedKindDescriptor<K>['script']>;
type ScriptDocumentInputOf<K extends ServedKind> = z.input<ServedKindDescriptor<K>['script']>;
/** One served item: the kind, and its document under the kind's name (`{ kind: 'popup', popup }`). */
export type ScriptItemOf<K extends ServedKind> = ItemBase & { kind: K } & { [P in K]: ScriptDocumentOf<K> };
type ScriptItemInputOf<K extends ServedKind> = ItemBase & { kind: K } & { [P in K]: ScriptDocumentInputOf<K> };
export type ScriptItem = { [K in ServedKind]: ScriptItemOf<K> }[ServedKind];
type ScriptItemInput = { [K in ServedKind]: ScriptItemInputOf<K> }[ServedKind];

/** Whether a kind is served to pages: its descriptor names what the page receives (e-mails go to mailboxes). */
export const isServedKind = (kind: { script: z.ZodType | null }): boolean => kind.script !== null;

/**
 * The content answer's item, one member per served kind, built from the descriptors: a new kind with
 * a `script` schema is served without a line here.
 */
export const scriptItemSchema = z.discriminatedUnion(
  'kind',
  CONTENT_KIND_LIST.flatMap((d) => (d.script ? [z.object({ kind: z.literal(d.kind), ...itemBase, [d.kind]: d.script })] : [])) as unknown as [
    z.ZodObject,
    ...z.ZodObject[],
  ],
) as unknown as z.ZodType<ScriptItem, ScriptItemInput>;

export const scriptContentAnswerSchema = z.object({
  items: z.array(scriptItemSchema),
  /**
   * The fatigue cap of interruptive items a day for this website and how many this visitor saw today;
   * how the page shares its one interruptive slot (the website's script settings).
   */
  interruptions: z.object({
    perDay: z.number().int(),
    today: z.number().int(),
    pushesBesidePopup: z.boolean(),
    quietAfterCloseSeconds: z.number().int(),
  }),
  /** A new visitor token for this visitor (events carry it), valid `tokenTtl` seconds. */
  token: z.string(),
  tokenTtl: z.number().int(),
  /**
   * The server's progress of this visitor in the website's tours and checklists (the person's once
   * their identity is verified, so it follows them to another device). The page keeps the newer of
   * this and its own per item, and sends its newer ones with the progress call.
   */
  progress: z.array(progressEntrySchema),
  /** The website's messenger (its launcher shows only when `show_launcher`; `signpost('open')` opens it anyway). */
  messenger: bubbleConfigSchema.optional(),
  /**
   * Per served checklist, the task ids the server knows this visitor (or person) did: events it
   * tracked, tours it completed, attributes it holds, tasks another device ticked.
   */
  checklistsDone: z.record(z.string(), z.array(z.string())).default({}),
});
export type ScriptContentAnswer = z.infer<typeof scriptContentAnswerSchema>;

export const getScriptContentCall = scriptCall({
  method: 'GET',
  path: SCRIPT_PATHS.content,
  summary: 'What to show this visitor on this page now (website script)',
  query: scriptContentQuerySchema,
  response: scriptContentAnswerSchema,
  errors: [400, 403, 404, 429],
});

// ---------------------------------------------------------------------------------------------
// Identify
// ---------------------------------------------------------------------------------------------

export const UNKNOWN_ATTRIBUTE_MESSAGE = msg('script.unknownAttribute');
export const ATTRIBUTE_TYPE_MESSAGE = msg('script.valueTypeMismatch');
export const ORIGIN_REFUSED_MESSAGE = msg('script.pageNotOnDomain');
export const SCRIPT_RATE_LIMITED_MESSAGE = msg('script.rateLimited');
/** 429: this visitor spent their own share of the website's public budget. */
export const SCRIPT_VISITOR_RATE_LIMITED_MESSAGE = msg('script.visitorRateLimited');
/** 429: this address asked for too many visitors the website had never seen (each answered a new visitor token). */
export const SCRIPT_NEW_VISITORS_RATE_LIMITED_MESSAGE = msg('script.newVisitorsRateLimited');
export const VISITOR_IDENTIFIED_MESSAGE = msg('script.visitorIdentified');
export const WEBSITE_SETTINGS_UPDATED_MESSAGE = msg('script.websiteSettingsUpdated');
/** Identify refused: the website requires identity verification and the page sent no `userHash`. */
export const IDENTITY_HASH_REQUIRED_MESSAGE = msg('script.identityHashRequired');
/** Identify refused: the `userHash` is not HMAC-SHA256(secret, externalId) for the website's secret. */
export const IDENTITY_HASH_INVALID_MESSAGE = msg('script.identityHashInvalid');
/** Identify refused: a time-stamped `userHash` that is right but older than LIMITS.identityHashMaxAgeHours. */
export const IDENTITY_HASH_EXPIRED_MESSAGE = msg('script.identityHashExpired');
export const IDENTITY_VERIFICATION_UPDATED_MESSAGE = msg('script.identityVerificationUpdated');
export const IDENTITY_SECRET_ROTATED_MESSAGE = msg('script.identitySecretRotated');

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
 *
 * Identity verification: `userHash` is HMAC-SHA256(the website's identity secret, externalId) in hex,
 * computed by the customer's server (the secret never reaches a browser). A hash that is sent is
 * always checked (401 when wrong); a website that requires verification refuses an identify without
 * one (401), so nobody takes over a person by knowing their id.
 */
export const identifyBodySchema = z.object({
  visitorId: visitorIdSchema,
  externalId: requiredText(msg('validation.externalIdRequired'), LIMITS.externalIdMax, msg('validation.externalIdTooLong')),
  name: z.string().trim().max(LIMITS.personNameMax).optional(),
  email: z.string().trim().max(LIMITS.personEmailMax).optional(),
  attributes: z.record(z.string().trim().min(1).max(LIMITS.attributeNameMax), attributeValueSchema).optional(),
  userHash: z.string().trim().max(LIMITS.identityHashMax, msg('script.identityHashInvalid')).optional(),
});
export type IdentifyBody = z.input<typeof identifyBodySchema>;
export const identifyAnswerSchema = z.object({
  message: z.string(),
  memberId: z.string(),
  /**
   * Whether this identity was proven by a valid `userHash` (a verified identity). False only on a
   * website that does not require verification, when the page sent no hash: then the visitor is
   * linked on the page's word alone.
   */
  verified: z.boolean(),
});
export type IdentifyAnswer = z.infer<typeof identifyAnswerSchema>;

export const identifyVisitorCall = scriptCall({
  path: SCRIPT_PATHS.identify,
  summary: 'Say who the visitor is (website script)',
  body: identifyBodySchema,
  response: identifyAnswerSchema,
});

/**
 * `signpost('debug')`: why each live item of the website shows, or not, to this visitor on this page
 * (the console's "Check a visitor" explanation). The visitor token of the content call names the
 * visitor: nobody reads another visitor's explanation.
 */
export const scriptDebugCall = scriptCall({
  path: SCRIPT_PATHS.debug,
  summary: 'Why each live item shows or not to this visitor on this page (website script debug mode)',
  body: scriptDebugBodySchema,
  response: scriptDebugAnswerSchema,
});

// ---------------------------------------------------------------------------------------------
// Installation
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/public/install-check with header `x-client-id: <website public key>`:
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
  /** A push notification may show beside an open popup; otherwise interruptive items wait for one another. */
  pushesBesidePopup: z.boolean().default(DEFAULT_PUSHES_BESIDE_POPUP),
  /** Seconds the script waits after an interruptive item ends (closed, or its time over) before showing the next. */
  quietAfterCloseSeconds: z
    .number({ error: msg('validation.quietAfterCloseRange') })
    .int(msg('validation.quietAfterCloseRange'))
    .min(0, msg('validation.quietAfterCloseRange'))
    .max(LIMITS.quietAfterCloseMax, msg('validation.quietAfterCloseRange'))
    .default(DEFAULT_QUIET_AFTER_CLOSE_SECONDS),
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
  summary: "Change a website's delivery settings (interruptions a visitor sees a day, how they share the page, time zone)",
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

// ---------------------------------------------------------------------------------------------
// Identity verification (the website's identity secret)
// ---------------------------------------------------------------------------------------------

/**
 * A website's identity verification: whether identify needs a `userHash`, the secret the customer's
 * server signs external ids with, and until when the previous secret (after a rotation) still
 * verifies (null: there is none, or its grace period is over). Only for create_websites, the
 * permission that changes a website's script settings (an Owner's, never a Viewer's): the secret
 * lets whoever holds it claim to be any of the website's people.
 */
export const identityVerificationSchema = z.object({
  required: z.boolean(),
  secret: z.string(),
  previousSecretExpiresAt: z.string().nullable(),
});
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;

/** GET /api/websites/{id}/identity-verification (create_websites). */
export const getIdentityVerificationCall = defineCall({
  method: 'GET',
  path: '/api/websites/:id/identity-verification',
  access: inOrganisation('create_websites'),
  summary: "A website's identity verification: whether it is required, and the identity secret",
  tag: 'websites',
  params: idParamSchema,
  response: identityVerificationSchema,
  errors: [400, 401, 403, 404],
});

export const identityVerificationBodySchema = z.object({
  required: z.boolean({ error: msg('validation.identityRequiredRequired') }),
});
/** PUT /api/websites/{id}/identity-verification (create_websites): require a `userHash` on identify, or not. */
export const updateIdentityVerificationCall = defineCall({
  method: 'PUT',
  path: '/api/websites/:id/identity-verification',
  access: inOrganisation('create_websites'),
  summary: 'Require identity verification (a userHash on identify) for a website, or not',
  tag: 'websites',
  params: idParamSchema,
  body: identityVerificationBodySchema,
  response: messageSchema.extend(identityVerificationSchema.shape),
  errors: [400, 401, 403, 404],
});

/**
 * POST /api/websites/{id}/identity-verification/rotate (create_websites): a new identity secret. The
 * one it replaces still verifies for LIMITS.identitySecretGraceHours, while the customer's servers
 * move to the new one; an older one stops at once.
 */
export const rotateIdentitySecretCall = defineCall({
  method: 'POST',
  path: '/api/websites/:id/identity-verification/rotate',
  access: inOrganisation('create_websites'),
  summary: 'Make a new identity secret for a website (the previous one verifies for a grace period)',
  tag: 'websites',
  params: idParamSchema,
  response: messageSchema.extend(identityVerificationSchema.shape),
  errors: [400, 401, 403, 404],
});
