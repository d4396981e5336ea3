import { z } from 'zod';
import { LIMITS } from './limits';
import { pageQuerySchema, uniqueItemIds, requiredText } from './common';
import { HEX_COLOR } from './tags';
import { msg } from './message-code';
import type { MessageCode } from './messages';
import { parsePageRule } from './page-rule';
import {
  CAMPAIGN_DEVICES,
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATUSES,
  filterText,
  commonFilters,
  campaignPageSchema,
  savedMeta,
  targetingShape,
  defaultTargeting,
  listOfAudienceSchema,
  textBlockSchema,
  type CampaignPage,
  type CampaignStatus,
} from './campaigns';

/**
 * A product tour: steps shown one after another on the customer's website, each
 * beside an element of the page (or centred), possibly across several pages. The API keeps the whole
 * validated document in `contents` (kind `tour`) like the other kinds; the website script's content
 * call serves the published document as is; the console's editor and the on-page builder both save it
 * through PUT /api/product-tours/{id}.
 */

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** Where a step sits beside its element; `auto` lets the script choose the side with the most room. */
export const TOUR_PLACEMENTS = ['auto', 'top', 'bottom', 'left', 'right'] as const;
export type TourPlacement = (typeof TOUR_PLACEMENTS)[number];

/**
 * What moves the visitor to the next step: the step's Next button, a click on the step's element
 * (which needs one), or the visitor reaching a page (`advanceUrl`, or the next step's `url`).
 */
export const TOUR_ADVANCE_ON = ['next', 'click', 'page'] as const;
export type TourAdvanceOn = (typeof TOUR_ADVANCE_ON)[number];

/** What the script does when a step's element never appears: skip the step, or show it centred. */
export const TOUR_WHEN_MISSING = ['skip', 'centre'] as const;
export type TourWhenMissing = (typeof TOUR_WHEN_MISSING)[number];

/** What plays when the visitor finishes the tour (default `noanimation`). */
export const TOUR_END_ANIMATIONS = ['noanimation', 'confetti', 'fade'] as const;
export type TourEndAnimation = (typeof TOUR_END_ANIMATIONS)[number];

/** A product tour's button colour defaults to #0078ff. */
export const TOUR_DEFAULT_BUTTON_COLOR = '#0078ff';
export const TOUR_MAX_STEPS = LIMITS.tourStepsMax;

// ---------------------------------------------------------------------------------------------
// Colour: the button's text colour is chosen, never asked for
// ---------------------------------------------------------------------------------------------

// The button's text colour is `textOnColor(button_color)` (./color.ts), as everywhere an author picks a colour.

// ---------------------------------------------------------------------------------------------
// Step
// ---------------------------------------------------------------------------------------------

const pageRule = z
  .string()
  .trim()
  .max(LIMITS.urlMax, msg('validation.urlTooLong'))
  .refine((rule) => parsePageRule(rule) !== null, msg('validation.pageRuleNeverMatches'))
  .default('');

const shortText = (max: number, tooLong: MessageCode) => z.string().trim().max(max, tooLong).default('');

/**
 * How to find a step's element again when its selector stops matching (the customer redeployed their
 * site): what the builder saw when the author picked it.
 */
export const tourTargetFallbackSchema = z.object({
  /** The element's visible text (trimmed, collapsed spaces), or its accessible name. */
  text: shortText(LIMITS.fallbackTextMax, msg('tours.fallbackTooLong')),
  /** Its tag name, lower case (`button`, `a`…). */
  tag: shortText(LIMITS.fallbackTagMax, msg('tours.fallbackTooLong')),
  /** Its position among its parent's element children of the same tag, from 0 (`:nth-of-type` minus 1); null: unknown. */
  index: z.number().int().min(0).max(10_000).nullable().default(null),
  /**
   * Landmarks around it, nearest first: an ancestor landmark (`nav`, `main`, `header`, `[role=…]`,
   * a `form`) or the nearest heading before it, each as a selector and its text or accessible name.
   */
  landmarks: z
    .array(
      z.object({
        selector: shortText(LIMITS.selectorMax, msg('tours.selectorTooLong')),
        text: shortText(LIMITS.fallbackTextMax, msg('tours.fallbackTooLong')),
      }),
    )
    .max(LIMITS.fallbackLandmarksMax, msg('tours.fallbackTooLong'))
    .default([]),
});
export type TourTargetFallback = z.infer<typeof tourTargetFallbackSchema>;
export const emptyTourTargetFallback = (): TourTargetFallback => ({ text: '', tag: '', index: null, landmarks: [] });

/** The element a step points at: a CSS selector, and the description used when it matches nothing. */
export const tourTargetSchema = z.object({
  selector: requiredText(msg('tours.selectorRequired'), LIMITS.selectorMax, msg('tours.selectorTooLong')),
  fallback: tourTargetFallbackSchema.default(emptyTourTargetFallback),
});
export type TourTarget = z.infer<typeof tourTargetSchema>;

/** A step's id: the server makes it (a uuid) and keeps it across saves, so the step funnel follows the step. */
export const tourStepIdSchema = z.string().trim().min(1).max(LIMITS.blockIdMax);

/** A step's text: plain text (what the builder writes in place), or the popups' text blocks (what the editor writes). */
export const tourStepContentSchema = z.union([
  z.string().max(LIMITS.contentMax, msg('validation.contentTooLong')),
  z.array(textBlockSchema).max(LIMITS.popupMaxBlocks, msg('validation.blocksTooMany')),
]);
export type TourStepContent = z.infer<typeof tourStepContentSchema>;

const stepShape = {
  title: shortText(LIMITS.shortTitleMax, msg('validation.shortTitleTooLong')),
  content: tourStepContentSchema.default(''),
  /** The element it points at; null: a centred step. */
  target: tourTargetSchema.nullable().default(null),
  placement: z.enum(TOUR_PLACEMENTS).default('auto'),
  /** Its page (a page rule, page-rule.ts: an exact path or a pattern with `*`); empty: any page. */
  url: pageRule,
  advanceOn: z.enum(TOUR_ADVANCE_ON).default('next'),
  /** For `advanceOn: 'page'`: the page that advances it; empty: the next step's `url`. */
  advanceUrl: pageRule,
  /** When its element never appears (the script reports it either way). */
  whenMissing: z.enum(TOUR_WHEN_MISSING).default('skip'),
};

const stepRules = (step: { target: TourTarget | null; advanceOn: TourAdvanceOn }, ctx: z.RefinementCtx) => {
  if (step.advanceOn === 'click' && !step.target) ctx.addIssue({ code: 'custom', path: ['advanceOn'], message: msg('tours.clickNeedsElement') });
};

let newStepCount = 0;
/** A placeholder id for a step sent without one; the server replaces it (and any id the tour never had). */
const placeholderStepId = () => `new-${(newStepCount += 1).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * A step as the editor and the builder send it: `id` absent for a new step (the server makes one; the
 * schema fills a placeholder so the parsed body has the saved document's shape).
 */
export const tourStepInputSchema = z.object({ id: tourStepIdSchema.default(placeholderStepId), ...stepShape }).superRefine(stepRules);
export type TourStepInput = z.input<typeof tourStepInputSchema>;
/** A saved step (what the API answers and the content call serves): always an id; content as given. */
export const tourStepSchema = z.object({ id: tourStepIdSchema, ...stepShape }).superRefine(stepRules);
export type TourStep = z.infer<typeof tourStepSchema>;

/** A new step as the editor adds it (no id yet). */
export function defaultTourStep(): Omit<TourStep, 'id'> {
  return { title: '', content: '', target: null, placement: 'auto', url: '', advanceOn: 'next', advanceUrl: '', whenMissing: 'skip' };
}

/** A step's text as plain text (the blocks joined by blank lines): lists, the builder, screen-reader labels. */
export function tourStepText(content: string | readonly { text?: string }[]): string {
  return typeof content === 'string' ? content : content.map((b) => b.text ?? '').join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Tour
// ---------------------------------------------------------------------------------------------

/** The tour's own display settings (`settings`, with fields of our choosing). */
export const tourSettingsSchema = z.object({
  priority: z.enum(CAMPAIGN_PRIORITIES).default('normal'),
  devices: z.enum(CAMPAIGN_DEVICES).default('all'),
  /** "Step 2 of 5" in each step. */
  showProgress: z.boolean().default(true),
  /** A dimmed overlay with a cut-out around the step's element. */
  overlay: z.boolean().default(true),
  /** A close button on each step (Esc closes too). */
  dismissible: z.boolean().default(true),
});
export type TourSettings = z.infer<typeof tourSettingsSchema>;
export const defaultTourSettings = (): TourSettings => ({ priority: 'normal', devices: 'all', showProgress: true, overlay: true, dismissible: true });

const buttonColor = z.string().trim().regex(HEX_COLOR, msg('validation.colorInvalid')).default(TOUR_DEFAULT_BUTTON_COLOR);
const buttonText = shortText(LIMITS.labelMax, msg('validation.labelTooLong'));

const tourShape = {
  /** May be empty while a draft; publishing needs one. */
  title: shortText(LIMITS.titleMax, msg('validation.titleTooLong')),
  /**
   * Where the tour starts by itself for a visitor of its audience (a page rule); empty: on the first
   * step's page. `signpost('startTour', id)` starts it anywhere.
   */
  insertable_url: pageRule,
  /** Whether a visitor who finished or left it may start it again (a restart button). */
  restartable: z.boolean().default(false),
  /** The restart button's label; empty: the script's own words in the page's language. */
  restart_button_text: buttonText,
  /** Whether the visitor may put it off ("later") instead of leaving it for good. */
  snoozeable: z.boolean().default(true),
  snooze_button_text: buttonText,
  end_tour_animation: z.enum(TOUR_END_ANIMATIONS).default('noanimation'),
  /** The buttons' colour; their text colour is `textOnColor(button_color)`. */
  button_color: buttonColor,
  settings: tourSettingsSchema.default(defaultTourSettings),
  /** Whether each step shows its author's name and avatar. */
  showSender: z.boolean().default(false),
  status: z.enum(CAMPAIGN_STATUSES).default('draft'),
  /**
   * Individual people (client member ids) it is also shown to, whatever the target, like a popup's.
   */
  listOfAudience: listOfAudienceSchema,
  /** target, groups, audiences, dynamicAudience, tag, workspace: the popups' targeting. */
  ...targetingShape,
};

const steps = <S extends z.ZodType<{ id?: string }>>(step: S) =>
  z.array(step).max(TOUR_MAX_STEPS, msg('tours.stepsTooMany')).superRefine(uniqueItemIds).default([]);

/** The saved tour document (GET answers it, plus the meta; the content call serves it as published). */
export const tourDocumentSchema = z.object({ ...tourShape, steps: steps(tourStepSchema) });
export type TourDocument = z.infer<typeof tourDocumentSchema>;
export type TourDocumentInput = z.input<typeof tourDocumentSchema>;

/**
 * PUT /api/product-tours/{id} body: the whole document without its status (an action, not a field).
 * A step without an id, or with an id the tour never had, gets a new id from the server; plain-text
 * content is kept as sent.
 */
export const tourBodySchema = z.object({ ...tourShape, steps: steps(tourStepInputSchema) }).omit({ status: true });
export type TourBody = z.input<typeof tourBodySchema>;

/** The new draft POST /api/product-tours answers (defaults), in `workspace`. */
export function defaultTour(workspace: string | null = null): TourDocument {
  return {
    title: '',
    steps: [],
    insertable_url: '',
    restartable: false,
    restart_button_text: '',
    snoozeable: true,
    snooze_button_text: '',
    end_tour_animation: 'noanimation',
    button_color: TOUR_DEFAULT_BUTTON_COLOR,
    settings: defaultTourSettings(),
    showSender: false,
    status: 'draft',
    listOfAudience: [],
    ...defaultTargeting(workspace),
  };
}

/**
 * Why a tour cannot go live (publish, schedule), as field errors: it needs a title and at least one
 * step, and each step some text. Empty: it can.
 */
export function tourPublishErrors(tour: Pick<TourDocument, 'title' | 'steps'>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!tour.title.trim()) errors.title = msg('validation.titleRequired');
  if (tour.steps.length === 0) errors.steps = msg('tours.stepsRequired');
  tour.steps.forEach((s, i) => {
    if (!s.title.trim() && !tourStepText(s.content).trim()) errors[`steps.${i}.content`] = msg('tours.stepTextRequired');
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Saved tours, lists, bodies
// ---------------------------------------------------------------------------------------------

export const tourSchema = tourDocumentSchema.extend(savedMeta);
export type Tour = z.infer<typeof tourSchema>;
export const tourResponseSchema = z.object({ data: tourSchema });
export const tourSavedResponseSchema = z.object({ message: z.string(), data: tourSchema });

/** POST /api/product-tours has no body (spec); the workspace of the new draft travels in the query. */
export const tourCreateQuerySchema = z.object({ workSpace: z.string().uuid(msg('campaigns.workspaceNotOfWebsite')).optional() });
export type TourCreateQuery = z.input<typeof tourCreateQuerySchema>;

/** GET /api/product-tours: paging, title contains, priority and devices (settings), and the common filters. */
export const tourListQuerySchema = pageQuerySchema.extend({
  title: filterText,
  priority: z.enum(CAMPAIGN_PRIORITIES).optional(),
  devices: z.enum(CAMPAIGN_DEVICES).optional(),
  ...commonFilters,
});
export type TourListQuery = z.input<typeof tourListQuerySchema>;

/** The list's page: the campaigns' rows (`style` and `position` null for a tour). */
export const tourPageSchema = campaignPageSchema;
export type TourPage = CampaignPage;

/** A tour begins as a draft: it is shown to nobody until published. */
export const TOUR_CREATED_STATUS: CampaignStatus = 'draft';

// ---------------------------------------------------------------------------------------------
// The view screen: the step funnel and the element-not-found reports
// ---------------------------------------------------------------------------------------------

/**
 * Events of a tour (visitor_events, content = the tour), as the website script sends them:
 *  - `view`: the tour started (once per run);
 *  - `step` with `target` = the step id: the step was shown;
 *  - `complete`: the visitor finished it; `snooze`: put it off; `dismiss`: left it;
 *  - `element_missing` with `target` = the step id and `detail` { page, selector }: the step's
 *    element never appeared on that page.
 * The funnel counts distinct visitors.
 */
export const tourFunnelSchema = z.object({
  started: z.number().int(),
  steps: z.array(z.object({ id: z.string(), title: z.string(), seen: z.number().int() })),
  completed: z.number().int(),
  snoozed: z.number().int(),
  dismissed: z.number().int(),
});
export type TourFunnel = z.infer<typeof tourFunnelSchema>;
export const tourMissingElementSchema = z.object({
  stepId: z.string().nullable(),
  page: z.string(),
  selector: z.string(),
  count: z.number().int(),
  lastSeenAt: z.string(),
});
export type TourMissingElement = z.infer<typeof tourMissingElementSchema>;
/** GET /api/product-tours/{id}/stats. */
export const tourStatsResponseSchema = z.object({ data: z.object({ funnel: tourFunnelSchema, missingElements: z.array(tourMissingElementSchema) }) });
export type TourStats = z.infer<typeof tourStatsResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const TOUR_NOT_FOUND_MESSAGE = msg('tours.notFound');
export const TOUR_CREATED_MESSAGE = msg('tours.created');
export const TOUR_UPDATED_MESSAGE = msg('tours.updated');
export const TOUR_DELETED_MESSAGE = msg('tours.deleted');
export const TOURS_DELETED_MESSAGE = msg('tours.manyDeleted');
export const TOUR_DUPLICATED_MESSAGE = msg('tours.duplicated');
export const TOUR_CANCELLED_MESSAGE = msg('tours.cancelled');
export const TOUR_PUBLISHED_MESSAGE = msg('tours.published');
export const TOUR_SCHEDULED_MESSAGE = msg('tours.scheduled');
export const TOUR_DRAFT_DISCARDED_MESSAGE = msg('tours.draftDiscarded');
export const TOUR_VERSION_RESTORED_MESSAGE = msg('tours.versionRestored');
/** Shown when the server gives no message. */
export const TOUR_UPDATE_FAILED_MESSAGE = msg('tours.updateFailed');
