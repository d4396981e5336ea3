import { useTranslation } from 'shared-i18n';
import { checklistKind, bulkDeleteBody } from 'contracts';
import { ContentListPage, STATUS_FILTER, type ContentListCalls } from 'shared-content';
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
  const duplicate = useDuplicateChecklist();
  const cancel = useCancelChecklist();
  const remove = useDeleteChecklist();
  const removeMany = useDeleteChecklists();
  const calls: ContentListCalls = {
    duplicate: (id) => duplicate.mutateAsync({ params: { id } }),
    cancel: (id) => cancel.mutateAsync({ params: { id } }),
    remove: (id) => remove.mutateAsync({ params: { id } }),
    removeMany: (ids) => removeMany.mutateAsync({ body: bulkDeleteBody(checklistKind, ids) }),
  };
  return <ContentListPage kind={CHECKLIST_SCREENS} list={list} valueFilters={[STATUS_FILTER]} columns={{ include: [] }} calls={calls} />;
}
