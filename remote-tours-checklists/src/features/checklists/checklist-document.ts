import { defaultChecklist, type Checklist, type ChecklistBody } from 'contracts';

export type ChecklistFormValues = ChecklistBody;

/** The editor's values of a saved checklist: the document without status and meta. */
export function bodyOfChecklist(c: Checklist): ChecklistFormValues {
  return {
    title: c.title,
    subTitle: c.subTitle,
    description: c.description,
    show_sender: c.show_sender,
    notification_type: c.notification_type,
    direction: c.direction,
    celebration: { ...c.celebration },
    tasks: c.tasks.map((t) => ({ ...t })),
    listOfAudience: [...c.listOfAudience],
    target: c.target,
    groups: [...c.groups],
    audiences: [...c.audiences],
    dynamicAudience: c.dynamicAudience,
    tag: c.tag,
    workspace: c.workspace,
  };
}

export const newChecklistValues = (workspace: string | null): ChecklistFormValues => defaultChecklist(workspace);
