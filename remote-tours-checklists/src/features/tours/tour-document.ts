import { defaultTour, msg, newContentId, tourBodySchema, type Tour, type TourBody, type TourDocument, type TourStepContent } from 'contracts';

/** What the editor holds: the update call's body (status is an action, not a field). */
export type TourFormValues = TourBody;

/** The editor's values of a saved tour (or of the defaults of a new one): the document without status and meta. */
export function bodyOf(tour: TourDocument | Tour): TourFormValues {
  const d = tour as TourDocument;
  return {
    title: d.title,
    steps: d.steps.map((s) => ({ ...s })),
    insertable_url: d.insertable_url,
    restartable: d.restartable,
    restart_button_text: d.restart_button_text,
    snoozeable: d.snoozeable,
    snooze_button_text: d.snooze_button_text,
    end_tour_animation: d.end_tour_animation,
    button_color: d.button_color,
    settings: { ...d.settings },
    showSender: d.showSender,
    listOfAudience: [...d.listOfAudience],
    target: d.target,
    groups: [...d.groups],
    audiences: [...d.audiences],
    dynamicAudience: d.dynamicAudience,
    tag: d.tag,
    workspace: d.workspace,
  };
}

export const newTourValues = (workspace: string | null) => bodyOf(defaultTour(workspace));

/**
 * The console asks for a title before saving (the API keeps an untitled draft, which the on-page
 * builder may make, but cannot publish it).
 */
export const tourFormSchema = tourBodySchema.superRefine((b, ctx) => {
  if (!b.title.trim()) ctx.addIssue({ code: 'custom', path: ['title'], message: msg('validation.titleRequired') });
});

/** The editor writes a step's text as one of the popups' text blocks (keeping its id while it is edited). */
export function contentWithText(content: string | readonly { id: string; align?: 'start' | 'center' | 'end' }[] | undefined, text: string): TourStepContent {
  const first = Array.isArray(content) ? content[0] : undefined;
  return [{ id: first?.id ?? newContentId('b'), kind: 'text', text, align: first?.align ?? 'start' }];
}
