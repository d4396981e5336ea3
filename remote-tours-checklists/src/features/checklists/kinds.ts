import { checklistKind } from 'contracts';
import { kindScreens } from 'shared-content';

/** Checklists as the shared list and lifecycle bar see them: derived from the checklist's descriptor. */
export const CHECKLIST_SCREENS = kindScreens(checklistKind);
