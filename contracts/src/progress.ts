import { z } from 'zod';
import { requiredText } from './common';
import { LIMITS } from './limits';
import { SCRIPT_PATHS } from './script';
import { msg } from './message-code';
import { scriptCall } from './script-call';
import { visitorTokenSchema } from './events';

/**
 * A visitor's place in a tour or a checklist (the step reached, the tasks done, snoozed…), kept by the
 * page in localStorage and on the server per visitor, per person once their identity is verified, so
 * a reload or a second device resumes it. The state is the surface's own JSON object; the server keeps
 * it whole and decides between two versions by `updatedAt` alone (the last writer wins).
 */
export const PROGRESS_RECORDED_MESSAGE = msg('progress.recorded');
export const PROGRESS_STATE_TOO_LARGE_MESSAGE = msg('progress.stateTooLarge');
export const PROGRESS_TOO_MANY_MESSAGE = msg('progress.tooMany');
export const PROGRESS_UNKNOWN_CONTENT_MESSAGE = msg('progress.unknownContent');
export const PROGRESS_REFUSED_MESSAGE = msg('progress.someContentUnknown');
export const PROGRESS_UPDATED_AT_MESSAGE = msg('progress.updatedAtInvalid');

export const progressStateSchema = z
  .record(z.string().max(LIMITS.attributeNameMax), z.unknown(), { error: msg('progress.stateInvalid') })
  .refine((state) => JSON.stringify(state).length <= LIMITS.progressStateMax, PROGRESS_STATE_TOO_LARGE_MESSAGE);

export const progressEntrySchema = z.object({
  contentId: z.string({ error: msg('validation.contentIdRequired') }).uuid(PROGRESS_UNKNOWN_CONTENT_MESSAGE),
  state: progressStateSchema,
  /** When the page wrote this state (ISO); a time ahead of the server's clock is taken as now. */
  updatedAt: z.string({ error: PROGRESS_UPDATED_AT_MESSAGE }).datetime({ offset: true, message: PROGRESS_UPDATED_AT_MESSAGE }),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

/**
 * POST /api/public/{websiteKey}/progress: the page sends the progress it kept since its last call and
 * gets the server's for every item back (after merging: for each item, the newer of the two). The
 * visitor token of the content call says whose progress it is: `visitorId` must be its visitor (403
 * otherwise), and a token of another website, forged or expired answers 401. A text/plain body is
 * accepted (no preflight; sendBeacon).
 */
export const progressBodySchema = z.object({
  token: visitorTokenSchema,
  visitorId: requiredText(msg('validation.visitorIdRequired'), LIMITS.visitorIdMax, msg('validation.visitorIdTooLong')),
  entries: z.array(progressEntrySchema).max(LIMITS.progressEntriesMax, PROGRESS_TOO_MANY_MESSAGE).default([]),
});
export type ProgressBody = z.input<typeof progressBodySchema>;
export const progressAnswerSchema = z.object({ message: z.string(), progress: z.array(progressEntrySchema) });
export type ProgressAnswer = z.infer<typeof progressAnswerSchema>;

export const recordProgressCall = scriptCall({
  path: SCRIPT_PATHS.progress,
  summary: "Keep a visitor's progress in tours and checklists and read the server's (website script)",
  body: progressBodySchema,
  response: progressAnswerSchema,
});
