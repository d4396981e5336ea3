import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { checklistKind, type ChecklistBody } from 'contracts';
import { PageHeader, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { workspaceOfCreateRoute } from 'shared-content';
import { useCreateChecklist } from './api/create-checklist';
import { ChecklistForm } from './components/ChecklistForm';
import { newChecklistValues } from './checklist-document';
import { useChecklistOptions } from './checklist-options';

/**
 * /checklist/{id}/create (create_checklist): a new checklist in workspace {id} (/checklist/create:
 * in none). It is saved as a draft and opened for editing, where it is published.
 */
export default function ChecklistCreateScreen() {
  const { t } = useTranslation('toursChecklists');
  const { id } = useParams();
  const navigate = useNavigate();
  const workspace = workspaceOfCreateRoute(id);
  const options = useChecklistOptions();
  const { mutateAsync: create } = useCreateChecklist();
  const defaults = useMemo(() => newChecklistValues(workspace), [workspace]);
  const onSubmit = async (body: ChecklistBody) => {
    const saved = await create({ body, query: {} });
    toaster.create({ type: 'success', title: saved.message });
    navigate(`${checklistKind.screens.basePath}/${saved.data._id}/update`);
  };
  return (
    <>
      <PageHeader title={t('checklists.create.title')} description={t('checklists.create.description')} />
      <ChecklistForm
        defaultValues={defaults}
        options={options}
        submitLabel={t('checklists.create.submit')}
        onSubmit={onSubmit}
        onFailure={(error) => toaster.create({ type: 'error', title: errorMessage(error, t('messages.checklistUpdateFailed')) })}
        onCancel={() => navigate(checklistKind.screens.basePath)}
      />
    </>
  );
}
