import { checklistCalls } from 'contracts';
import type { CampaignKindScreens } from 'shared-content';

/** Checklists as the shared list and lifecycle bar see them (shared-content's kinds). */
export const CHECKLIST_SCREENS: CampaignKindScreens = {
  namespace: 'toursChecklists',
  i18nKey: 'checklists',
  service: 'checklist',
  subject: 'checklist',
  basePath: '/checklist',
  searchParam: 'title',
  lifecycle: checklistCalls,
};
