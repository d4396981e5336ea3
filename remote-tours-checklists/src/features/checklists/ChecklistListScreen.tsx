import { useTranslation } from 'shared-i18n';
import { contentListCalls, ContentListPage, STATUS_FILTER } from 'shared-content';
import { checklistKind } from 'contracts';
import { CHECKLIST_SCREENS } from './kinds';
import { useChecklists } from './api/list-checklists';
import { useCancelChecklist } from './api/cancel-checklist';
import { useDeleteChecklist } from './api/delete-checklist';
import { useDeleteChecklists } from './api/delete-checklists';
import { useDuplicateChecklist } from './api/duplicate-checklist';

/**
 * /checklist (get_checklist): the website's checklists in the shared content list, with the
 * checklist workspaces, the status filter, and the row actions and bulk delete.
 */
export default function ChecklistListScreen() {
  const { t } = useTranslation('toursChecklists');
  const list = useChecklists(t('checklists.list.loadError'));
  const calls = contentListCalls(checklistKind, {
    duplicate: useDuplicateChecklist(),
    cancel: useCancelChecklist(),
    remove: useDeleteChecklist(),
    removeMany: useDeleteChecklists(),
  });
  return <ContentListPage kind={CHECKLIST_SCREENS} list={list} valueFilters={[STATUS_FILTER]} columns={{ include: [] }} calls={calls} />;
}
