import { z } from 'zod';
import { requiredText } from './common';
import { LIMITS } from './limits';
import { SCRIPT_PATHS } from './script';
import { msg } from './message-code';
import { scriptCall, websiteKeyParamsSchema } from './script-call';

/**
 * The public ingestion call of a website's script: POST /api/public/{websiteKey}/events.
 * `websiteKey` is the website's public key (not a secret: it ships in the page). A batch is a list of
 * events told apart by `type`; the statistics of the dashboard are SQL aggregates over what it stores.
 */

/** At most this many events per call: a page flushes its queue in small batches. */
export const MAX_EVENTS_PER_BATCH = LIMITS.eventsPerBatchMax;
export const MAX_COMMENT_LENGTH = LIMITS.commentMax;
export const MAX_ANSWERS_PER_EVENT = LIMITS.answersPerEventMax;
/**
 * How far `occurredAt` may lie from the server's clock. The future allows for a visitor's clock
 * running a little fast. The past is generous (120 days) only for an import of history by the
 * website's staff (see recordEventsCall); it still refuses years-old junk. A visitor's own events
 * are then clamped by the server to the last EVENT_CLAMP_MS: a page cannot rewrite the past.
 */
export const EVENT_MAX_FUTURE_MS = 5 * 60_000;
export const EVENT_MAX_AGE_DAYS = LIMITS.eventMaxAgeDays;
/** A visitor's `occurredAt` is stored within [now − 24 h, now], whatever the page said. */
export const EVENT_CLAMP_MS = 24 * 3_600_000;

export const VISITOR_DEVICES = ['web', 'mobile'] as const;
export type VisitorDevice = (typeof VISITOR_DEVICES)[number];
export const EVENT_TYPES = [
  'session',
  'view',
  'close',
  'react',
  'comment',
  'answer',
  'click',
  'step',
  'complete',
  'snooze',
  'dismiss',
  'element_missing',
  'task',
  'track',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENTS_ACCEPTED_MESSAGE = msg('events.recorded');
/** Some events of the batch were stored, the others refused: `errors` names each refused one. */
export const EVENTS_PARTLY_ACCEPTED_MESSAGE = msg('events.partlyRecorded');
export const EVENTS_TOO_MANY_MESSAGE = msg('validation.eventsTooMany');
export const EVENTS_EMPTY_MESSAGE = msg('validation.eventsEmpty');
export const EVENT_TIME_FUTURE_MESSAGE = msg('events.occurredAtFuture');
export const EVENT_TIME_OLD_MESSAGE = msg('events.occurredAtTooOld');
export const EVENT_UNKNOWN_CONTENT_MESSAGE = msg('events.unknownContent');
export const EVENT_WRONG_KIND_MESSAGE = msg('events.wrongContentKind');
/** A `task` event naming a task its checklist does not have. */
export const EVENT_UNKNOWN_TASK_MESSAGE = msg('events.unknownTask');
/** A `task` event for a task the server completes itself (a page visited, an event, an attribute, a tour). */
export const EVENT_TASK_NOT_BY_PAGE_MESSAGE = msg('events.taskNotByPage');
/** A `step` or `element_missing` event naming a step the published tour does not have. */
export const EVENT_UNKNOWN_STEP_MESSAGE = msg('events.unknownStep');
/** A tour's `complete` from a visitor who never started it. */
export const EVENT_TOUR_NOT_STARTED_MESSAGE = msg('events.tourNotStarted');
/** A tour's `complete` from a visitor who did not reach every step it shows. */
export const EVENT_TOUR_STEPS_NOT_SEEN_MESSAGE = msg('events.tourStepsNotSeen');
/** A checklist's `complete` while some of its tasks are not done, as the server knows them. */
export const EVENT_CHECKLIST_TASKS_NOT_DONE_MESSAGE = msg('events.checklistTasksNotDone');
export const EVENTS_REFUSED_MESSAGE = msg('events.someContentUnknown');
export const EVENTS_RATE_LIMITED_MESSAGE = msg('events.rateLimited');
export const UNKNOWN_WEBSITE_KEY_MESSAGE = msg('events.unknownWebsiteKey');
export const EVENTS_WEBSITE_RATE_LIMITED_MESSAGE = msg('events.websiteRateLimited');
export const EVENTS_VISITOR_RATE_LIMITED_MESSAGE = msg('events.visitorRateLimited');
export const VISITOR_TOKEN_REQUIRED_MESSAGE = msg('events.visitorTokenRequired');
export const VISITOR_TOKEN_INVALID_MESSAGE = msg('events.visitorTokenInvalid');
export const VISITOR_TOKEN_EXPIRED_MESSAGE = msg('events.visitorTokenExpired');
export const VISITOR_TOKEN_OTHER_VISITOR_MESSAGE = msg('events.visitorTokenOtherVisitor');
export const EVENT_OTHER_VISITOR_MESSAGE = msg('events.notThisVisitor');

/** Longest visitor token accepted (a token the content call makes is about 250 characters). */
export const VISITOR_TOKEN_MAX = LIMITS.visitorTokenMax;
/** The visitor token the content call answers: it names the visitor (and person) every event of the batch must be. */
export const visitorTokenSchema = requiredText(VISITOR_TOKEN_REQUIRED_MESSAGE, VISITOR_TOKEN_MAX, VISITOR_TOKEN_INVALID_MESSAGE);

const visitorId = requiredText(msg('validation.visitorIdRequired'), LIMITS.visitorIdMax, msg('validation.visitorIdTooLong'));
const contentId = z.string({ error: msg('validation.contentIdRequired') }).uuid(msg('events.unknownContent'));
const occurredAt = z
  .string()
  .datetime({ offset: true, message: msg('validation.occurredAtInvalid') })
  .optional()
  .superRefine((value, ctx) => {
    if (!value) return;
    const t = Date.parse(value);
    const now = Date.now();
    if (t > now + EVENT_MAX_FUTURE_MS) ctx.addIssue({ code: 'custom', message: EVENT_TIME_FUTURE_MESSAGE });
    else if (t < now - EVENT_MAX_AGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', message: EVENT_TIME_OLD_MESSAGE });
  });

/**
 * The id the page gave the event (the website script makes one per event): a batch sent again after a
 * network failure is stored once, since the server ignores ids it already holds for the website.
 */
export const MAX_EVENT_ID_LENGTH = LIMITS.eventIdMax;
const eventId = z.string().trim().min(1, msg('validation.idRequired')).max(MAX_EVENT_ID_LENGTH, msg('validation.eventIdTooLong')).optional();

const base = { id: eventId, visitorId, occurredAt };
const onContent = { ...base, contentId };

export const sessionEventSchema = z.object({
  type: z.literal('session'),
  ...base,
  device: z.enum(VISITOR_DEVICES, { error: msg('validation.deviceInvalid') }),
});
export const viewEventSchema = z.object({ type: z.literal('view'), ...onContent });
export const closeEventSchema = z.object({ type: z.literal('close'), ...onContent });
export const reactEventSchema = z.object({
  type: z.literal('react'),
  ...onContent,
  emoji: requiredText(msg('validation.emojiRequired'), LIMITS.emojiMax, msg('validation.emojiTooLong')),
});
export const commentEventSchema = z.object({
  type: z.literal('comment'),
  ...onContent,
  body: requiredText(msg('validation.commentRequired'), MAX_COMMENT_LENGTH, msg('validation.commentTooLong')),
});
export const answerEventSchema = z.object({
  type: z.literal('answer'),
  ...onContent,
  answers: z
    .array(
      z.object({
        blockId: z.string().trim().min(1, msg('validation.blockIdRequired')).max(LIMITS.blockIdMax),
        question: z.string().trim().max(LIMITS.surveyQuestionMax, msg('validation.surveyQuestionTooLong')),
        answer: z.string().max(MAX_COMMENT_LENGTH, msg('validation.answerTooLong')),
      }),
    )
    .min(1, msg('validation.answersRequired'))
    .max(MAX_ANSWERS_PER_EVENT),
});

/** A click on popup, banner or push content; `target` says what (a link address, a button's label). */
export const clickEventSchema = z.object({
  type: z.literal('click'),
  ...onContent,
  target: z.string().trim().max(LIMITS.urlMax, msg('validation.urlTooLong')).optional(),
});

/** A tour's step: the step's id (made by the server, kept across saves), so the funnel follows the step. */
const stepId = requiredText(msg('validation.stepIdRequired'), LIMITS.blockIdMax, msg('validation.stepIdRequired'));

/** A tour's step shown to the visitor (`target`: the step's id). */
export const stepEventSchema = z.object({ type: z.literal('step'), ...onContent, target: stepId });
/** The visitor finished a tour (or a checklist). */
export const completeEventSchema = z.object({ type: z.literal('complete'), ...onContent });
/** The visitor put a tour off for later (it comes back on a later visit). */
export const snoozeEventSchema = z.object({ type: z.literal('snooze'), ...onContent });
/** The visitor left a tour for good. */
export const dismissEventSchema = z.object({ type: z.literal('dismiss'), ...onContent });
/**
 * A step's element never appeared (`target`: the step's id; `detail`: the page's address and the
 * selector looked for), so the author sees which selector broke on which page.
 */
export const elementMissingEventSchema = z.object({
  type: z.literal('element_missing'),
  ...onContent,
  target: stepId,
  detail: z.object({
    page: z.string().trim().max(LIMITS.urlMax, msg('validation.urlTooLong')),
    selector: z.string().trim().max(LIMITS.selectorMax, msg('tours.selectorTooLong')),
  }),
});

/** A checklist's task done by the visitor (`target`: the task's id, made by the server, kept across saves). */
export const taskEventSchema = z.object({
  type: z.literal('task'),
  ...onContent,
  target: requiredText(msg('events.taskIdRequired'), LIMITS.blockIdMax, msg('events.taskIdRequired')),
});
/**
 * `signpost('track', name)` on the page: on no content; stored with detail { name }, so checklists
 * complete tasks on it, and audiences and statistics can read it.
 */
export const trackEventSchema = z.object({
  type: z.literal('track'),
  ...base,
  name: requiredText(msg('events.trackNameRequired'), LIMITS.trackNameMax, msg('checklists.eventTooLong')),
});

export const visitorEventSchema = z.discriminatedUnion(
  'type',
  [
    sessionEventSchema,
    viewEventSchema,
    closeEventSchema,
    reactEventSchema,
    commentEventSchema,
    answerEventSchema,
    clickEventSchema,
    stepEventSchema,
    completeEventSchema,
    snoozeEventSchema,
    dismissEventSchema,
    elementMissingEventSchema,
    taskEventSchema,
    trackEventSchema,
  ],
  {
    error: msg('script.unknownEventType'),
  },
);
export type VisitorEvent = z.input<typeof visitorEventSchema>;

export const eventsBodySchema = z.object({
  /** The visitor token of the content call: every event of the batch is that visitor's. */
  token: visitorTokenSchema,
  /** The script's version: a batch from a page of the website counts as the installation's heartbeat (the page's first view included). */
  v: z.string().trim().max(LIMITS.scriptVersionMax).optional(),
  events: z
    .array(visitorEventSchema, { error: msg('validation.eventsRequired') })
    .min(1, EVENTS_EMPTY_MESSAGE)
    .max(MAX_EVENTS_PER_BATCH, EVENTS_TOO_MANY_MESSAGE),
});
export type EventsBody = z.input<typeof eventsBodySchema>;

export const eventsParamsSchema = websiteKeyParamsSchema;
/**
 * `accepted`: events newly stored. `errors`: the events refused, keyed `events.<index in the batch>.<field>`
 * (as a 400 names them) with why; absent when none was. The events not named were taken.
 */
export const eventsAcceptedSchema = z.object({
  message: z.string(),
  accepted: z.number().int(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type EventsAccepted = z.infer<typeof eventsAcceptedSchema>;

/**
 * POST /api/public/{websiteKey}/events: what a website's visitors did, as its script reports it
 * (public; CORS open to any origin; a `text/plain` body holding JSON is accepted, for `sendBeacon`).
 *
 * A batch carries the visitor token the content call answered (`token`): every event's `visitorId`
 * must be the token's visitor (403 otherwise, per event); a token that is not ours, of another
 * website, or expired answers 401, and the script asks the content call for a new one. Each
 * visitor's `occurredAt` is clamped to the last 24 hours; a signed-in staff member holding
 * create_websites in the website's organisation (`Authorization: Bearer`) may import older history
 * (up to EVENT_MAX_AGE_DAYS), each batch still under a visitor token.
 */
export const recordEventsCall = scriptCall({
  path: SCRIPT_PATHS.events,
  summary: 'Record visitor events of a website (its script calls this; public, keyed by the website’s public key)',
  params: eventsParamsSchema,
  body: eventsBodySchema,
  status: 202,
  response: eventsAcceptedSchema,
  errors: [400, 401, 403, 404, 413, 429],
});
