import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { defaultPopup } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { workspaceOfCreateRoute } from 'shared-content';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { PopupForm } from './components/PopupForm';
import { usePopupSave } from './use-popup-save';

/** /posts/{id}/create (create_posts): a new popup in workspace {id} (/posts/create: in none), from the default settings. */
export default function PopupCreateScreen() {
  const { t } = useTranslation('campaigns');
  const { id } = useParams();
  const options = useCampaignOptions('popup');
  const save = usePopupSave();
  const defaults = useMemo(() => defaultPopup(workspaceOfCreateRoute(id)), [id]);
  return (
    <>
      <PageHeader title={t('popups.create.title')} description={t('popups.create.description')} />
      <PopupForm
        mode="create"
        defaultValues={defaults}
        options={options}
        draftLabel={t('editor.saveAsDraft')}
        submitLabel={t('popups.create.submit')}
        {...save}
      />
    </>
  );
}
