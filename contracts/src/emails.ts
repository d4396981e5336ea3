import { z } from 'zod';
import {
  buttonBlockSchema,
  CAMPAIGN_STATUSES,
  commonFilters,
  filterText,
  imageBlockSchema,
  savedMeta,
  targetingShape,
  textBlockSchema,
  title,
} from './campaigns';
import { pageQuerySchema } from './common';
import { LIMITS } from './limits';
import { msg } from './message-code';

/*
 * E-mail campaigns: written in the console, sent to the identified people of a website (those with
 * an e-mail address) who match the targeting, measured. Stored like every content kind (table
 * `contents`, kind `email`) and served by the generic campaign calls under /api/emails with the
 * `email` permission resource.
 */

/**
 * Characters a mailbox shows nothing of but which change what is shown: the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the direction marks
 * (U+200E, U+200F, U+061C), and invisible spaces and joiners that hide or split words (U+200B,
 * U+2060–U+2064, U+FEFF, U+180E). An override in a subject or sender name reverses what follows
 * (an override before "fdp.exe" shows "exe.pdf"), the classic way to disguise a phishing e-mail. The zero-width
 * (non-)joiners U+200C and U+200D stay allowed: emoji sequences and Arabic and Persian shaping need them.
 */
export const HIDDEN_CONTROL_CHARACTERS = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
export const INVISIBLE_CHARACTERS_MESSAGE = msg('validation.invisibleCharacters');
const withoutHiddenControls = (text: string) => !HIDDEN_CONTROL_CHARACTERS.test(text);

/** The languages an e-mail is written in (the console's): `ar` makes the e-mail right to left. */
export const EMAIL_LANGUAGES = ['en', 'fr', 'ar'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** A button of an e-mail always opens its link (there is no next page or close in a mailbox). */
const emailButtonSchema = buttonBlockSchema.extend({ action: z.literal('link').default('link') }).refine((b) => b.url !== '', {
  path: ['url'],
  message: msg('validation.buttonUrlRequired'),
});

/** The body's blocks: the popups' text, image and button blocks. */
export const emailBlockSchema = z.discriminatedUnion('kind', [textBlockSchema, imageBlockSchema, emailButtonSchema]);
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export const EMAIL_BLOCK_KINDS = ['text', 'image', 'button'] as const;

/**
 * The e-mail document. Texts may use `{{field|fallback}}` placeholders, filled per recipient:
 * `firstName`, `name`, `email`, `memberId` and the website's people-data attributes by name.
 */
export const emailDocumentSchema = z.object({
  subject: title(msg('validation.subjectRequired'), msg('validation.subjectTooLong')).refine(withoutHiddenControls, INVISIBLE_CHARACTERS_MESSAGE),
  /** The line mailbox lists show after the subject. */
  preheader: z.string().trim().max(LIMITS.titleMax, msg('validation.preheaderTooLong')).refine(withoutHiddenControls, INVISIBLE_CHARACTERS_MESSAGE).default(''),
  /** The name shown beside the configured sender address (empty: the product's sender as configured). */
  senderName: z
    .string()
    .trim()
    .max(LIMITS.labelMax, msg('validation.senderNameTooLong'))
    .refine(withoutHiddenControls, INVISIBLE_CHARACTERS_MESSAGE)
    .default(''),
  language: z.enum(EMAIL_LANGUAGES).default('en'),
  content: z
    .array(emailBlockSchema, { error: msg('validation.blocksTooFew') })
    .min(1, msg('validation.blocksTooFew'))
    .max(LIMITS.popupMaxBlocks, msg('validation.blocksTooMany')),
  status: z.enum(CAMPAIGN_STATUSES).default('draft'),
  ...targetingShape,
});
export type EmailDocument = z.infer<typeof emailDocumentSchema>;
export type EmailDocumentInput = z.input<typeof emailDocumentSchema>;

export const emailCampaignSchema = emailDocumentSchema.extend(savedMeta);
export type Email = z.infer<typeof emailCampaignSchema>;
export const emailResponseSchema = z.object({ data: emailCampaignSchema });
export const emailSavedResponseSchema = z.object({ message: z.string(), data: emailCampaignSchema });
/** Create and update bodies: the whole document but its status (only actions change it). */
export const emailBodySchema = emailDocumentSchema.omit({ status: true });
export type EmailBody = z.input<typeof emailBodySchema>;
/** GET /api/emails: the subject filter is `subject`. */
export const emailListQuerySchema = pageQuerySchema.extend({ subject: filterText, ...commonFilters });

export const EMAIL_NOT_FOUND_MESSAGE = msg('emails.notFound');
export const EMAIL_CREATED_MESSAGE = msg('emails.created');
export const EMAIL_UPDATED_MESSAGE = msg('emails.updated');
export const EMAIL_DELETED_MESSAGE = msg('emails.deleted');
export const EMAILS_DELETED_MESSAGE = msg('emails.manyDeleted');
export const EMAIL_DUPLICATED_MESSAGE = msg('emails.duplicated');
export const EMAIL_CANCELLED_MESSAGE = msg('emails.cancelled');
export const EMAIL_PUBLISHED_MESSAGE = msg('emails.published');
export const EMAIL_SCHEDULED_MESSAGE = msg('emails.scheduled');
export const EMAIL_DRAFT_DISCARDED_MESSAGE = msg('emails.draftDiscarded');
export const EMAIL_VERSION_RESTORED_MESSAGE = msg('emails.versionRestored');
export const EMAIL_TEST_SENT_MESSAGE = msg('emails.testSent');
export const EMAIL_NO_ADDRESS_MESSAGE = msg('emails.noAddress');
export const EMAIL_LINK_REFUSED_MESSAGE = msg('emails.linkNotOfEmail');
export const EMAIL_UNSUBSCRIBE_NOT_FOUND_MESSAGE = msg('emails.unsubscribeNotFound');

/** The figures of one e-mail (each person counted once per figure). */
export const emailStatsSchema = z.object({
  /** People the e-mail was queued for. */
  recipients: z.number().int(),
  /** Waiting to be sent (or retried after a temporary failure). */
  queued: z.number().int(),
  sent: z.number().int(),
  /** Given up: a permanent refusal, an invalid address, or too many temporary failures. */
  failed: z.number().int(),
  /** Not sent: unsubscribed or bounced meanwhile, or the e-mail was cancelled. */
  skipped: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

/** The targeting fields the recipients count reads (the editor's working copy). */
export const emailAudienceBodySchema = emailDocumentSchema.pick({ target: true, groups: true, audiences: true, dynamicAudience: true });
export type EmailAudienceBody = z.input<typeof emailAudienceBodySchema>;

/** An e-mail as its recipients get it: HTML (rendered with MJML) and its text alternative. */
export const emailRenderedSchema = z.object({
  /** The sender as recipients see it: the sender name with the product's configured address. */
  from: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type EmailRendered = z.infer<typeof emailRenderedSchema>;

/** The public links an e-mail carries: one token per recipient, random and unguessable. */
export const emailTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, msg('emails.unsubscribeNotFound')) });
export const emailClickQuerySchema = z.object({ url: z.string().max(LIMITS.urlMax, msg('emails.linkNotOfEmail')) });

/** A person's e-mail standing in the website: their address, and whether campaigns skip it (unsubscribed or bounced). */
export const personEmailStatusSchema = z.object({
  email: z.string().nullable(),
  suppressed: z.object({ reason: z.enum(['unsubscribed', 'bounced']), at: z.string() }).nullable(),
});
export type PersonEmailStatus = z.infer<typeof personEmailStatusSchema>;

/** One recipient of an e-mail: the person, where the e-mail is, what they did with it, and whether the website still e-mails them. */
export const emailRecipientSchema = z.object({
  _id: z.string(),
  memberId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'skipped']),
  /** Why it failed or was skipped (an SMTP answer, "invalid address", "suppressed", "cancelled"). */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The website no longer e-mails this address: unsubscribed (from any e-mail) or bounced. */
  suppressed: z.enum(['unsubscribed', 'bounced']).nullable(),
});
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;
export const emailRecipientsQuerySchema = pageQuerySchema.extend({ status: z.enum(['queued', 'sent', 'failed', 'skipped']).optional() });
