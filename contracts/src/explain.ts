import { z } from 'zod';
import { msg } from './message-code';
import { visitorTokenSchema } from './events';

/**
 * "Why not shown?": what the content call would decide for one item, one visitor (or person) and one
 * page, step by step. The server runs the real decision (the content call's code) and reports each
 * check it made; the console shows the steps as they come.
 */
export const EXPLAIN_CHECKS = ['status', 'schedule', 'device', 'audience', 'pageRule', 'replay', 'dailyCap', 'slot'] as const;
export type ExplainCheck = (typeof EXPLAIN_CHECKS)[number];

export const EXPLAIN_ONE_OF_MESSAGE = msg('explain.visitorOrPerson');
export const EXPLAIN_PERSON_NOT_FOUND_MESSAGE = msg('explain.personNotFound');

/** A page's full address (http or https). */
const pageUrlSchema = z
  .string({ error: msg('validation.urlInvalid') })
  .trim()
  .max(2048, msg('validation.urlTooLong'))
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, msg('validation.urlInvalid'));
const deviceSchema = z.enum(['web', 'mobile'], { error: msg('validation.deviceInvalid') }).optional();

/** POST /api/{kind}/{id}/explain: exactly one of a visitor id or a person (a client member's external id), and a page address. */
export const explainBodySchema = z
  .object({
    visitorId: z.string().trim().max(200, msg('validation.visitorIdTooLong')).optional(),
    personId: z.string().trim().max(200, msg('validation.externalIdTooLong')).optional(),
    url: pageUrlSchema,
    device: deviceSchema,
  })
  .superRefine((body, ctx) => {
    const given = (body.visitorId ? 1 : 0) + (body.personId ? 1 : 0);
    if (given === 1) return;
    for (const path of ['visitorId', 'personId']) ctx.addIssue({ code: 'custom', path: [path], message: EXPLAIN_ONE_OF_MESSAGE });
  });
export type ExplainBody = z.input<typeof explainBodySchema>;

export const explainStepSchema = z.object({
  check: z.enum(EXPLAIN_CHECKS),
  ok: z.boolean(),
  /** The step's sentence, in the caller's language. */
  message: z.string(),
  /** What the check read (values, counts, names). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ExplainStep = z.infer<typeof explainStepSchema>;

export const explainResponseSchema = z.object({
  data: z.object({
    wouldShow: z.boolean(),
    /** The visitor the decision was made for (a person's most recent visitor, or none). */
    visitorId: z.string().nullable(),
    steps: z.array(explainStepSchema),
  }),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

/**
 * POST /api/public/{websiteKey}/debug (the website script's `signpost('debug')`): the same
 * explanation, for the visitor the token names only, for each live item of the website, on the page.
 */
export const scriptDebugBodySchema = z.object({
  /** The page's visitor: the token must name them (403 otherwise). */
  visitorId: z.string().trim().min(1, msg('validation.visitorIdRequired')).max(200, msg('validation.visitorIdTooLong')),
  token: visitorTokenSchema,
  url: pageUrlSchema,
  device: deviceSchema,
});
export type ScriptDebugBody = z.input<typeof scriptDebugBodySchema>;

export const scriptDebugAnswerSchema = z.object({
  visitorId: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      /** The item's title, as its list shows it. */
      title: z.string(),
      /** One sentence in the caller's language: the item by kind and title, whether it shows here, and the first reason it does not. */
      summary: z.string(),
      wouldShow: z.boolean(),
      steps: z.array(explainStepSchema),
    }),
  ),
});
export type ScriptDebugAnswer = z.infer<typeof scriptDebugAnswerSchema>;
