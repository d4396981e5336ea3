import { useParams } from 'react-router-dom';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { LoadItem } from '../campaigns-common/components/LoadItem';
import { useCampaignOptions } from '../campaigns-common/use-campaign-options';
import { getPopup } from './api/get-popup';
import { PopupForm } from './components/PopupForm';
import { documentOf } from './popup-document';
import { usePopupSave } from './use-popup-save';

/** /posts/{id}/update (update_posts): the saved popup in the editor; saving sends the whole document. */
export default function PopupUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('popup');
  const save = usePopupSave(id);
  return (
    <>
      <PageHeader title={t('popups.update.title')} description={t('popups.update.description')} />
      <LoadItem id={id} load={getPopup} onBack={save.onCancel}>
        {(popup) => <PopupForm key={popup._id} mode="update" defaultValues={documentOf(popup)} options={options} submitLabel={t('editor.save')} {...save} />}
      </LoadItem>
    </>
  );
}
