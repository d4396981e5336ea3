import { z } from 'zod';
import { LIMITS } from './limits';
import { pageQuerySchema, pagedSchema, uniqueItemIds, requiredText } from './common';
import { msg } from './message-code';
import { parsePageRule } from './page-rule';
import {
  CAMPAIGN_STATUSES,
  filterText,
  commonFilters,
  campaignRowSchema,
  savedMeta,
  targetingShape,
  defaultTargeting,
  listOfAudienceSchema,
} from './campaigns';

/**
 * A checklist: onboarding tasks a visitor completes on the customer's website, with
 * their progress kept per visitor (per person once identified) and a celebration when all are done.
 * Stored whole in `contents` (kind `checklist`) like the other kinds; the content call serves the
 * published document. Task ids are the server's, kept across saves, so a visitor's done tasks and the
 * completion funnel follow the task when the author reorders or edits it.
 */

export const CHECKLIST_NOTIFICATION_TYPES = ['badge', 'full'] as const;
export type ChecklistNotificationType = (typeof CHECKLIST_NOTIFICATION_TYPES)[number];
export const CHECKLIST_DIRECTIONS = ['ltr', 'rtl'] as const;
export type ChecklistDirection = (typeof CHECKLIST_DIRECTIONS)[number];
/** The checklist list's paging meta has a default limit of 5. */
export const CHECKLIST_PAGE_SIZE = 5;

const text = (max: number, tooLong: ReturnType<typeof msg>) => z.string().trim().max(max, tooLong).default('');
const pageRule = requiredText(msg('checklists.pageRequired'), LIMITS.urlMax, msg('validation.urlTooLong')).refine(
  (rule) => parsePageRule(rule) !== null,
  msg('validation.pageRuleNeverMatches'),
);
const contentRef = z.string({ error: msg('checklists.tourRequired') }).uuid(msg('checklists.tourRequired'));

/** What the task's button does: nothing, open an address, or start a product tour. */
export const checklistTaskActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({
    type: z.literal('url'),
    url: requiredText(msg('checklists.urlRequired'), LIMITS.urlMax, msg('validation.urlTooLong')),
    newTab: z.boolean().default(false),
  }),
  z.object({ type: z.literal('tour'), tourId: contentRef }),
]);
export type ChecklistTaskAction = z.infer<typeof checklistTaskActionSchema>;
export const CHECKLIST_ACTION_TYPES = ['none', 'url', 'tour'] as const;

/**
 * When a task counts as done: ticked by hand (the default), a page visited (a page rule), an element
 * clicked (a selector), an event tracked with `signpost('track', name)`, a person attribute reaching a
 * value, or a product tour completed. Once done, a task stays done.
 */
export const checklistTaskCompletionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('manual') }),
  z.object({ type: z.literal('page'), url: pageRule }),
  z.object({
    type: z.literal('click'),
    selector: requiredText(msg('tours.selectorRequired'), LIMITS.selectorMax, msg('tours.selectorTooLong')),
  }),
  z.object({
    type: z.literal('event'),
    name: requiredText(msg('checklists.eventRequired'), LIMITS.trackNameMax, msg('checklists.eventTooLong')),
  }),
  z.object({
    type: z.literal('attribute'),
    attribute: requiredText(msg('validation.attributeRequired'), LIMITS.attributeNameMax, msg('validation.attributeNameTooLong')),
    value: z.string().trim().max(LIMITS.attributeValueMax, msg('validation.attributeValueTooLong')),
  }),
  z.object({ type: z.literal('tour'), tourId: contentRef }),
]);
export type ChecklistTaskCompletion = z.infer<typeof checklistTaskCompletionSchema>;
export const CHECKLIST_COMPLETION_TYPES = ['manual', 'page', 'click', 'event', 'attribute', 'tour'] as const;
export type ChecklistCompletionType = (typeof CHECKLIST_COMPLETION_TYPES)[number];

export const checklistTaskIdSchema = z.string().trim().min(1).max(LIMITS.blockIdMax);

const taskShape = {
  title: requiredText(msg('validation.titleRequired'), LIMITS.shortTitleMax, msg('validation.shortTitleTooLong')),
  content: text(LIMITS.contentMax, msg('validation.contentTooLong')),
  /** Estimated minutes, shown beside the task (spec: default 1). */
  timing: z.coerce
    .number()
    .int(msg('checklists.timingInvalid'))
    .min(0, msg('checklists.timingInvalid'))
    .max(LIMITS.taskTimingMax, msg('checklists.timingInvalid'))
    .default(1),
  action: checklistTaskActionSchema.default({ type: 'none' }),
  completion: checklistTaskCompletionSchema.default({ type: 'manual' }),
};
let newTaskCount = 0;
/** A placeholder id for a task sent without one (the parsed body has the saved document's shape); the server replaces it, as any id the checklist never had. */
const placeholderTaskId = () => `new-${(newTaskCount += 1).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
export const checklistTaskInputSchema = z.object({ id: checklistTaskIdSchema.default(placeholderTaskId), ...taskShape });
export type ChecklistTaskInput = z.input<typeof checklistTaskInputSchema>;
export const checklistTaskSchema = z.object({ id: checklistTaskIdSchema, ...taskShape });
export type ChecklistTask = z.infer<typeof checklistTaskSchema>;

export const checklistCelebrationSchema = z.object({
  is_enabled: z.boolean().default(true),
  title: text(LIMITS.shortTitleMax, msg('validation.shortTitleTooLong')),
  description: text(LIMITS.contentMax, msg('validation.contentTooLong')),
  button_text: text(LIMITS.labelMax, msg('validation.labelTooLong')),
  /** Confetti (never under reduced motion). */
  show_effect: z.boolean().default(true),
});
export type ChecklistCelebration = z.infer<typeof checklistCelebrationSchema>;
export const defaultChecklistCelebration = (): ChecklistCelebration => ({ is_enabled: true, title: '', description: '', button_text: '', show_effect: true });

const tasks = <S extends z.ZodType<{ id?: string }>>(task: S) =>
  z
    .array(task, { error: msg('checklists.tasksRequired') })
    .min(1, msg('checklists.tasksRequired'))
    .max(LIMITS.checklistTasksMax, msg('checklists.tasksTooMany'))
    .superRefine(uniqueItemIds);

const checklistShape = {
  title: requiredText(msg('validation.titleRequired'), LIMITS.titleMax, msg('validation.titleTooLong')),
  subTitle: text(LIMITS.shortTitleMax, msg('validation.shortTitleTooLong')),
  description: text(LIMITS.contentMax, msg('validation.contentTooLong')),
  show_sender: z.boolean().default(false),
  /** `badge`: a launcher with the count of tasks left; `full`: opened on the visitor's first view. */
  notification_type: z.enum(CHECKLIST_NOTIFICATION_TYPES).default('badge'),
  /** null: the page's direction. */
  direction: z.enum(CHECKLIST_DIRECTIONS).nullable().default(null),
  celebration: checklistCelebrationSchema.default(defaultChecklistCelebration),
  status: z.enum(CAMPAIGN_STATUSES).default('draft'),
  listOfAudience: listOfAudienceSchema,
  ...targetingShape,
};

export const checklistDocumentSchema = z.object({ ...checklistShape, tasks: tasks(checklistTaskSchema) });
export type ChecklistDocument = z.infer<typeof checklistDocumentSchema>;
/** POST and PUT /api/check-list body: the whole document without its status (an action, not a field). */
export const checklistBodySchema = z.object({ ...checklistShape, tasks: tasks(checklistTaskInputSchema) }).omit({ status: true });
export type ChecklistBody = z.input<typeof checklistBodySchema>;

export function defaultChecklistTask(): Omit<ChecklistTask, 'id'> {
  return { title: '', content: '', timing: 1, action: { type: 'none' }, completion: { type: 'manual' } };
}

export function defaultChecklist(workspace: string | null = null): Omit<ChecklistDocument, 'tasks' | 'status'> & { tasks: ChecklistTaskInput[] } {
  return {
    title: '',
    subTitle: '',
    description: '',
    show_sender: false,
    notification_type: 'badge',
    direction: null,
    celebration: defaultChecklistCelebration(),
    tasks: [defaultChecklistTask()],
    listOfAudience: [],
    ...defaultTargeting(workspace),
  };
}

export const checklistSchema = checklistDocumentSchema.extend(savedMeta);
export type Checklist = z.infer<typeof checklistSchema>;
export const checklistResponseSchema = z.object({ data: checklistSchema });
export const checklistSavedResponseSchema = z.object({ message: z.string(), data: checklistSchema });

/** GET /api/check-list (spec: page, pageSize, status, author, title, workSpace); 5 a page by default. */
export const checklistListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(CHECKLIST_PAGE_SIZE),
  title: filterText,
  status: commonFilters.status,
  /** The author's user id (GET /api/admin/senders). */
  author: commonFilters.sender,
  /** The same filter under the other lists' name (the shared content list's author filter). */
  sender: commonFilters.sender,
  tag: commonFilters.tag,
  workSpace: commonFilters.workSpace,
});
export type ChecklistListQuery = z.input<typeof checklistListQuerySchema>;
export const checklistPageSchema = pagedSchema(campaignRowSchema);

// ---------------------------------------------------------------------------------------------
// stats-user: the view screen's funnel and who did what
// ---------------------------------------------------------------------------------------------

/** GET /api/check-list/{id}/stats-user query: paging (5 a page), and a search on the visitor id or the person's name or e-mail. */
export const checklistStatsQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(CHECKLIST_PAGE_SIZE),
  search: filterText,
});
export type ChecklistStatsQuery = z.input<typeof checklistStatsQuerySchema>;

/** One visitor (or person, once identified) and the tasks they did, with when. */
export const checklistUserRowSchema = z.object({
  visitorId: z.string(),
  person: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  tasks: z.array(z.object({ id: z.string(), doneAt: z.string() })),
  completedAt: z.string().nullable(),
  lastSeenAt: z.string(),
});
export type ChecklistUserRow = z.infer<typeof checklistUserRowSchema>;
export const checklistStatsResponseSchema = pagedSchema(checklistUserRowSchema).extend({
  /** The completion funnel (distinct visitors): saw it, each task done, all done. */
  stats: z.object({ seen: z.number().int(), completed: z.number().int(), dismissed: z.number().int() }),
  progress: z.object({ Tasks: z.array(z.object({ id: z.string(), title: z.string(), done: z.number().int() })) }),
});
export type ChecklistStats = z.infer<typeof checklistStatsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const CHECKLIST_NOT_FOUND_MESSAGE = msg('checklists.notFound');
export const CHECKLIST_CREATED_MESSAGE = msg('checklists.created');
export const CHECKLIST_UPDATED_MESSAGE = msg('checklists.updated');
export const CHECKLIST_DELETED_MESSAGE = msg('checklists.deleted');
export const CHECKLISTS_DELETED_MESSAGE = msg('checklists.manyDeleted');
export const CHECKLIST_DUPLICATED_MESSAGE = msg('checklists.duplicated');
export const CHECKLIST_CANCELLED_MESSAGE = msg('checklists.cancelled');
export const CHECKLIST_PUBLISHED_MESSAGE = msg('checklists.published');
export const CHECKLIST_SCHEDULED_MESSAGE = msg('checklists.scheduled');
export const CHECKLIST_DRAFT_DISCARDED_MESSAGE = msg('checklists.draftDiscarded');
export const CHECKLIST_VERSION_RESTORED_MESSAGE = msg('checklists.versionRestored');
