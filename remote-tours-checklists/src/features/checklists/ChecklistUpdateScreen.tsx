import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { BarChart3 } from 'lucide-react';
import type { ChecklistBody } from 'contracts';
import { Button, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { SavedItemScreen } from 'shared-content';
import { useItemTexts } from '../tours/components/QueriedItem';
import { useChecklist } from './api/get-checklist';
import { useUpdateChecklist } from './api/update-checklist';
import { ChecklistForm } from './components/ChecklistForm';
import { bodyOfChecklist } from './checklist-document';
import { useChecklistOptions } from './checklist-options';
import { CHECKLIST_SCREENS } from './kinds';

/**
 * /checklist/{id}/update (update_checklist): the saved checklist in the editor, under its lifecycle
 * bar (publish, schedule, unpublished changes).
 */
export default function ChecklistUpdateScreen() {
  const { t } = useTranslation('toursChecklists');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const options = useChecklistOptions();
  const checklist = useChecklist(id);
  const texts = useItemTexts();
  const { mutateAsync: update } = useUpdateChecklist();
  const onSubmit = async (body: ChecklistBody) => {
    const saved = await update({ params: { id }, body });
    toaster.create({ type: 'success', title: saved.message });
  };
  const toList = () => navigate(CHECKLIST_SCREENS.basePath);
  const actions = (
    <Button asChild variant="outline" size="sm">
      <RouterLink to={`${CHECKLIST_SCREENS.basePath}/${id}/view`} data-testid="checklist-open-view">
        <BarChart3 size={14} aria-hidden />
        {t('checklists.update.openView')}
      </RouterLink>
    </Button>
  );
  return (
    <SavedItemScreen kind={CHECKLIST_SCREENS} query={checklist} texts={texts} onBack={toList} actions={actions}>
      {(saved) => (
        <ChecklistForm
          defaultValues={bodyOfChecklist(saved)}
          options={options}
          submitLabel={t('checklists.update.submit')}
          onSubmit={onSubmit}
          onFailure={(error) => toaster.create({ type: 'error', title: errorMessage(error, t('messages.checklistUpdateFailed')) })}
          onCancel={toList}
        />
      )}
    </SavedItemScreen>
  );
}
